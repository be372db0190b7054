/**
 * Words an interviewer says before the question itself, acknowledging the last answer or moving
 * on: "Okay, and …", "Theek hai, ab …", "Achha, ab ye batao, …", "Right, so …". They name nothing,
 * but the search reads them as words of the question: "ab" (Hindi "now") meets A/B testing, and
 * "right" or "fine" dilute what the question asks.
 */
const leadInWords: ReadonlySet<string> = new Set([
  ...['okay', 'ok', 'achha', 'accha', 'acha', 'theek', 'thik', 'hai', 'chalo', 'haan', 'toh'],
  ...['fine', 'right', 'alright', 'good', 'great', 'cool', 'nice', 'perfect', 'sure', 'hmm'],
  ...['and', 'so', 'then', 'now', 'ab', 'ye', 'yeh', 'batao', 'bataiye'],
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
