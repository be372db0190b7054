import { describe, expect, it } from 'vitest'
import { eventRegistry } from '#events/registry.ts'

describe('InterviewAsked of schema version 1', () => {
  it('reads as version 2 with its group and answer trust unknown, never guessed', () => {
    const v1 = {
      questionId: 'q1',
      source: 'text',
      question: 'pii:v1:q',
      contextUsed: false,
      answer: 'pii:v1:a',
      provider: 'offline',
      model: 'interview-kb-v1',
      latencyMs: 12,
      usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
    }
    expect(eventRegistry.schemaVersionOf('InterviewAsked')).toBe(2)
    expect(eventRegistry.upcast('InterviewAsked', 1, v1)).toEqual({
      ...v1,
      category: null,
      confidence: null,
      answerSource: null,
    })
  })
})
