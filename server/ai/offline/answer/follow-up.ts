import { aspectWords } from '#server/ai/offline/search/text/aspect-words.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'
import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'
import { splitSentences } from '#server/ai/offline/knowledge/spoken-shape.ts'

/** Pronouns that point back at something said before. */
const pointingPronouns: ReadonlySet<string> = new Set(['it', 'its', 'they', 'them', 'their'])
/** Demonstratives: a pronoun on their own ("is this secure?"), a determiner before a noun ("this keyword"). */
const demonstratives: ReadonlySet<string> = new Set(['this', 'that', 'these', 'those'])
/** A question opening with one of these and then a demonstrative has the demonstrative as its subject ("is this secure?"). */
const auxiliaries: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'does',
  'do',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'shall',
  'might',
])

const namesNothing = (word: string) => stopWords.has(word) || aspectWords.has(word)

/**
 * Whether a question can only be understood with the previous one: it names no subject of its
 * own, every word being a function word, a pronoun or an aspect ("and why?", "what is its
 * complexity?", "what would you do differently?"); or its subject is a pronoun pointing back and
 * it adds at most one word of its own, after the pronoun ("is this secure?", "why is it used by
 * databases?"). A question that names its subject is never a follow-up, whatever words
 * it contains ("how does this keyword work in JavaScript?", "is it possible to sort in linear
 * time?", "and what is a CDN?").
 */
export function needsPreviousQuestion(question: string): boolean {
  const words = rawWords(question)
  if (words.length === 0) return false
  const own = words.filter((word) => !namesNothing(word))
  if (own.length === 0) return true
  // A pronoun after a word of the question's own points at that word ("what is Docker and why use it?").
  const firstOwn = words.findIndex((word) => !namesNothing(word))
  const pointsBack = words.some(
    (word, i) =>
      i < firstOwn &&
      (pointingPronouns.has(word) ||
        (demonstratives.has(word) &&
          (namesNothing(words[i + 1] ?? '') || (i === 1 && auxiliaries.has(words[0] ?? ''))))),
  )
  return pointsBack && own.length <= 1
}

/**
 * The question itself when it comes after a lead-in ("That makes sense. How does a CDN work?",
 * "OK, next one. What is sharding?"): the last sentence, when it is a question that names its
 * subject. Otherwise the whole text, whose earlier sentences may be what it is about.
 */
export function askedPart(text: string): string {
  const sentences = splitSentences(text)
  const last = sentences.at(-1)
  if (sentences.length < 2 || last === undefined || !last.endsWith('?') || needsPreviousQuestion(last)) return text
  return last
}
