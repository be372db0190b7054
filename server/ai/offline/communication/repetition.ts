import { stemTerm } from '#server/ai/offline/search/text/analyze.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'
import type { Word } from './words.ts'

export type RepeatedWord = {
  word: string
  count: number
}

export type Stutter = {
  word: string
  index: number
}

/** A content word used this often in one answer starts to sound repetitive. */
const REPETITION_THRESHOLD = 3
const IGNORED = new Set(['yeah', 'okay', 'like', 'know', 'mean', 'kind', 'sort', 'guess', 'think', 'maybe', 'probably'])

/** Content words (stemmed, so "database" and "databases" count together) used 3+ times. */
export function repeatedWords(words: readonly Word[]): RepeatedWord[] {
  const groups = new Map<string, { surfaces: Map<string, number>; count: number }>()
  for (const word of words) {
    if (word.lower.length < 3 || /^\d/.test(word.lower) || stopWords.has(word.lower) || IGNORED.has(word.lower))
      continue
    const key = stemTerm(word.lower.replace(/'s$/, ''))
    const group = groups.get(key) ?? { surfaces: new Map<string, number>(), count: 0 }
    group.count += 1
    group.surfaces.set(word.lower, (group.surfaces.get(word.lower) ?? 0) + 1)
    groups.set(key, group)
  }
  return [...groups.values()]
    .filter((g) => g.count >= REPETITION_THRESHOLD)
    .map((g) => ({ word: [...g.surfaces].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '', count: g.count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
}

/** Words a "that"-clause follows, so the "that" after them may itself be "that": "said that that approach". */
const THAT_CLAUSE_TAKERS = new Set([
  'said',
  'say',
  'says',
  'think',
  'thought',
  'know',
  'knew',
  'believe',
  'mean',
  'meant',
  'sure',
  'feel',
  'felt',
  'is',
  'was',
  'so',
  'but',
])

/**
 * Doubles that grammar allows: "I had had enough", "he said that that approach" (but "the thing
 * that that I learned" is a restart), "what it is is".
 */
function grammaticalDouble(words: readonly Word[], i: number): boolean {
  const word = words[i]?.lower
  if (word === 'had') return true
  if (word === 'that') return THAT_CLAUSE_TAKERS.has(words[i - 2]?.lower ?? '')
  if (word === 'is') return words[i - 2]?.lower === 'it'
  return false
}

/**
 * The same word twice in a row within one sentence ("the the", "I, I"), usually a restart while
 * speaking; "test. Test" is two sentences, not a stutter.
 */
export function stutters(text: string, words: readonly Word[]): Stutter[] {
  const found: Stutter[] = []
  for (let i = 1; i < words.length; i++) {
    const word = words[i]
    const previous = words[i - 1]
    if (
      word &&
      word.lower === previous?.lower &&
      !/^\d/.test(word.lower) &&
      !grammaticalDouble(words, i) &&
      /^[\s,]*$/.test(text.slice(previous.end, word.start))
    ) {
      found.push({ word: word.lower, index: word.start })
    }
  }
  return found
}
