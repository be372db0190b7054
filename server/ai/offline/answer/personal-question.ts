import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'

/**
 * Questions about the candidate themselves, recognised by their wording: retrieval alone reads
 * "why do you want this job?" as a question about job schedulers.
 */
const PERSONAL_QUESTIONS: readonly [RegExp, string][] = [
  [
    /\b(tell (me|us) (a little |a bit )?about yourself|introduce yourself|walk (me|us) through your (background|resume|résumé|cv))\b/i,
    'beh-tell-me-about-yourself',
  ],
  [
    /\bwhy\b.{0,40}\b(this|our|the) (job|role|position|company|team)\b|\bwhy do you want to (work|join)\b|\bwhy are you (interested|applying)\b/i,
    'beh-why-company',
  ],
  [
    /\b(project|work|accomplishment|achievement)s?\b.{0,40}\bproud(est)?\b|\bproud(est)?\b.{0,40}\b(project|accomplishment|achievement)s?\b/i,
    'beh-proudest-project',
  ],
]

/** The knowledge-base entry for a question about the candidate, or null for any other question. */
export function personalQuestionEntry(question: string): KbEntry | null {
  for (const [pattern, id] of PERSONAL_QUESTIONS) if (pattern.test(question)) return findEntry(id) ?? null
  return null
}
