/** A word of the user's response with its position, so findings can quote and locate it. */
export type Word = {
  text: string
  lower: string
  start: number
  end: number
  index: number
}

export type Sentence = {
  text: string
  start: number
  end: number
  words: Word[]
}

/** Hyphenated and contracted words stay whole: "on-call", "I'm". */
const WORD_PATTERN = /[A-Za-z0-9]+(?:[-'’][A-Za-z0-9]+)*%?/g

export function tokenizeWords(text: string): Word[] {
  return [...text.matchAll(WORD_PATTERN)].map((match, index) => {
    const start = match.index
    return {
      text: match[0],
      lower: match[0].toLowerCase().replace(/’/g, "'"),
      start,
      end: start + match[0].length,
      index,
    }
  })
}

/**
 * Sentences end at . ! ? before a space, or at a line break ("Node.js" and "2.5" do not end one); a
 * transcript without punctuation is one sentence.
 */
export function splitIntoSentences(text: string, words: readonly Word[]): Sentence[] {
  const sentences: Sentence[] = []
  const pattern = /(?:[^.!?\n]|[.!?]+(?=[^\s.!?]))+(?:[.!?]+|\n|$)/g
  for (const match of text.matchAll(pattern)) {
    const raw = match[0]
    const leading = raw.length - raw.trimStart().length
    const start = match.index + leading
    const sentenceText = raw.trim()
    if (sentenceText === '') continue
    const end = start + sentenceText.length
    const inside = words.filter((w) => w.start >= start && w.end <= end)
    if (inside.length === 0) continue
    sentences.push({ text: sentenceText, start, end, words: inside })
  }
  return sentences
}

/** Text between two words (or the edges of the text), used to see commas and sentence breaks. */
export function gapBefore(text: string, words: readonly Word[], i: number): string {
  const word = words[i]
  if (!word) return ''
  return text.slice(words[i - 1]?.end ?? 0, word.start)
}

export function gapAfter(text: string, words: readonly Word[], i: number): string {
  const word = words[i]
  if (!word) return ''
  return text.slice(word.end, words[i + 1]?.start ?? text.length)
}

export function startsSentence(text: string, words: readonly Word[], i: number): boolean {
  return i === 0 || /[.!?\n]/.test(gapBefore(text, words, i))
}

/** The user's own words around a character range (a few words either side), for quoting. */
export function excerpt(text: string, start: number, end: number, contextWords = 4): string {
  let from = start
  for (let n = 0; n < contextWords; n++) {
    if (/[.!?\n]\s*$/.test(text.slice(0, from))) break
    const previous = text.slice(0, from).search(/\S+\s*$/)
    if (previous < 0) break
    from = previous
  }
  let to = end
  for (let n = 0; n < contextWords; n++) {
    const next = /^\s*\S+/.exec(text.slice(to))
    if (!next) break
    to += next[0].length
    if (/[.!?]$/.test(next[0])) break
  }
  return text.slice(from, to).replace(/\s+/g, ' ').trim()
}
