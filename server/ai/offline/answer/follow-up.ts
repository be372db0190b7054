import { aspectWords } from '#server/ai/offline/search/text/aspect-words.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'
import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'
import { splitSentences } from '#server/ai/offline/knowledge/spoken-shape.ts'

/**
 * Whether a question can only be understood with the previous one: it names no subject of its
 * own, every word being a function word, a pronoun or an aspect ("and why?", "what is its
 * complexity?", "what would you do differently?"). A question that names its subject is never a
 * follow-up, whatever words it contains ("how does this keyword work in JavaScript?", "and what
 * is a CDN?").
 */
export function needsPreviousQuestion(question: string): boolean {
  const words = rawWords(question)
  return words.length > 0 && words.every((word) => stopWords.has(word) || aspectWords.has(word))
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
