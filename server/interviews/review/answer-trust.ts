import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'

export type AnswerTrust = 'confident' | 'low-confidence' | 'abstained' | 'unknown'

/**
 * How far the answer could be trusted as it was shown: the structured approach instead of an
 * answer is an abstention, a reported confidence under the threshold is low, and a question
 * recorded before answers kept their trust is unknown rather than guessed.
 */
export function answerTrust(row: { answer_source: string | null; confidence: number | null }): AnswerTrust {
  if (row.answer_source === 'framework') return 'abstained'
  // Below the engine's own bar for answering from an entry, an answer was a guess.
  if (row.confidence !== null && row.confidence < CONFIDENCE_THRESHOLD) return 'low-confidence'
  if (row.answer_source === null && row.confidence === null) return 'unknown'
  return 'confident'
}

/** A rating at or under this marks the answer as one the candidate found no help. */
export const lowRatingAtMost = 2

/** Why an answer is worth practising again, or null when it held up. */
export function weakSpotReason(question: {
  answer_source: string | null
  confidence: number | null
  rating: number | null
}) {
  const trust = answerTrust(question)
  if (trust === 'abstained' || trust === 'low-confidence') return trust
  if (question.rating !== null && question.rating <= lowRatingAtMost) return 'rated-low' as const
  return null
}
