import { z } from 'zod'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import heldOutData from './held-out.json' with { type: 'json' }

const heldOutSchema = z
  .array(z.strictObject({ question: z.string().trim().min(3), expectedId: z.string().min(1) }))
  .min(1)
export type HeldOutQuestion = z.infer<typeof heldOutSchema>[number]

export const heldOutQuestions: readonly HeldOutQuestion[] = heldOutSchema.parse(heldOutData)

type RetrievalMiss = {
  question: string
  expectedId: string
  /** Up to three ids the engine ranked first, best first. */
  got: string[]
  /** 1-based rank of the expected entry among the top ten, or null. */
  expectedRank: number | null
}

export type RetrievalEvaluation = {
  total: number
  top1Correct: number
  precisionAt1: number
  top3Correct: number
  recallAt3: number
  misses: RetrievalMiss[]
}

/** Precision@1 and recall@3 of `findAnswers` (no context) over the held-out questions. */
export function evaluateRetrieval(questions: readonly HeldOutQuestion[] = heldOutQuestions): RetrievalEvaluation {
  let top1Correct = 0
  let top3Correct = 0
  const misses: RetrievalMiss[] = []
  for (const { question, expectedId } of questions) {
    if (!findEntry(expectedId)) throw new Error(`held-out label ${expectedId} is not a knowledge-base id`)
    const ranked = findAnswers(question, undefined, { limit: 10 }).matches.map((m) => m.entry.id)
    const rank = ranked.indexOf(expectedId)
    if (rank === 0) top1Correct++
    if (rank >= 0 && rank < 3) top3Correct++
    if (rank !== 0)
      misses.push({ question, expectedId, got: ranked.slice(0, 3), expectedRank: rank < 0 ? null : rank + 1 })
  }
  const total = questions.length
  const ratio = (n: number): number => (total === 0 ? 0 : Math.round((n / total) * 1000) / 1000)
  return { total, top1Correct, precisionAt1: ratio(top1Correct), top3Correct, recallAt3: ratio(top3Correct), misses }
}
