import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { analyze } from './text/analyze.ts'

/**
 * Words by which a line of an entry sets two things side by side. "Or" and a bare "different"
 * are left out: "a time you failed or made a mistake" and "the different types of joins" each
 * have one subject.
 */
const ENTRY_COMPARES =
  /\b(?:vs\.?|versus|differ|differs|difference|differences|different from|compare|compared|comparing|comparison|instead of|better than)\b/i

/**
 * A line that first asks what one thing is and only then how it differs ("What is a queue and how
 * is it different from a stack?") is about that thing.
 */
const DEFINES_ONE_FIRST = /^what (?:is|are) (?!the differences?\b)[^,?]*?,? and (?:how|when|why)\b/i

/**
 * Words by which a question asks to compare. A question is read more loosely than an entry's
 * lines: "X or Y?" and "which is better" ask for a choice, and the analysed terms carry the
 * Hinglish words for a difference (farak, antar) as "differ".
 */
const QUESTION_COMPARES = /\b(?:vs\.?|versus|or|instead of)\b/i
const COMPARING_TERMS = new Set(['differ', 'compar', 'comparison', 'better', 'wors'])

export function asksToCompare(question: string): boolean {
  return QUESTION_COMPARES.test(question) || analyze(question).some((term) => COMPARING_TERMS.has(term))
}

const shareCache = new Map<string, number>()

/**
 * How much an entry is a comparison: the share of its own question and phrasings that set two
 * things side by side. An entry asked as a difference whose other phrasings are about one of the
 * two ("what makes a binary tree a BST?") is that one's entry as much as a comparison.
 */
export function comparisonShareOf(entry: KbEntry): number {
  const cached = shareCache.get(entry.id)
  if (cached !== undefined) return cached
  const lines = [entry.question, ...entry.alternatives]
  const share = lines.filter((line) => ENTRY_COMPARES.test(line) && !DEFINES_ONE_FIRST.test(line)).length / lines.length
  shareCache.set(entry.id, share)
  return share
}
