/**
 * Words an interviewer says before the question itself, acknowledging the last answer or moving
 * on: "Okay, and …", "Theek hai, ab …", "Achha, ab ye batao, …", "Right, so …". They name nothing,
 * but the search reads them as words of the question: "ab" (Hindi "now") meets A/B testing, and
 * "right" or "fine" dilute what the question asks.
 */
/** Acknowledgements ("achha", "fine", "right"): said before a question, naming nothing of it. */
export const acknowledgements: ReadonlySet<string> = new Set([
  ...['achha', 'accha', 'acha', 'theek', 'thik', 'ab', 'chalo', 'haan'],
  ...['ok', 'okay', 'fine', 'right', 'good', 'great', 'alright', 'sure', 'hmm', 'cool', 'nice', 'perfect'],
])
const leadInWords: ReadonlySet<string> = new Set([
  ...acknowledgements,
  ...['hai', 'toh', 'and', 'so', 'then', 'now', 'ye', 'yeh', 'batao', 'bataiye'],
])
/** Of them, words that alone open a question ("ab" before a subject, "ye" as "this"): lead-ins only after another. */
const onlyAfterAnother: ReadonlySet<string> = new Set(['hai', 'ab', 'ye', 'yeh', 'batao', 'bataiye'])

/** Words after "so" or "now" that make them part of the question ("so far you have…", "now that…"). */
const boundAfter: ReadonlySet<string> = new Set(['far', 'much', 'many', 'long', 'that'])

/**
 * The question without the words said before it: "Theek hai, ab rate limiter kaise design
 * karoge?" → "rate limiter kaise design karoge?". A text that is all lead-in is kept.
 */
export function withoutLeadIn(text: string): string {
  let rest = text
  let stripped = 0
  for (;;) {
    const match = /^\s*([A-Za-z]+)[\s,.!:;-]+/.exec(rest)
    const word = match?.[1]?.toLowerCase() ?? ''
    if (match === null || !leadInWords.has(word) || (stripped === 0 && onlyAfterAnother.has(word))) break
    const next = /^[A-Za-z]+/.exec(rest.slice(match[0].length))?.[0].toLowerCase() ?? ''
    if (boundAfter.has(next)) break
    rest = rest.slice(match[0].length)
    stripped++
  }
  return /[A-Za-z]/.test(rest) && stripped > 0 ? rest : text
}
