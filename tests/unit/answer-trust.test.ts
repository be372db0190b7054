import { describe, expect, it } from 'vitest'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { answerTrust } from '#server/interviews/review/answer-trust.ts'
import { answerSchema } from '#server/trpc/schemas/interviews.ts'

describe("an answer's trust in the session review", () => {
  it("is low below the offline engine's own bar for answering, whatever bar that is", () => {
    expect(CONFIDENCE_THRESHOLD).toBe(0.75)
    expect(answerTrust({ answer_source: 'knowledge-base', confidence: 0.7 })).toBe('low-confidence')
    expect(answerTrust({ answer_source: 'knowledge-base', confidence: CONFIDENCE_THRESHOLD })).toBe('confident')
  })

  it('is an abstention for the structured approach, and unknown where nothing was recorded', () => {
    expect(answerTrust({ answer_source: 'framework', confidence: 0.9 })).toBe('abstained')
    expect(answerTrust({ answer_source: null, confidence: null })).toBe('unknown')
    expect(answerTrust({ answer_source: 'model', confidence: null })).toBe('confident')
  })

  it("is described to API clients with the engine's bar", () => {
    expect(answerSchema.shape.confidence.meta()?.description).toContain(`below ${CONFIDENCE_THRESHOLD} the response`)
  })
})
