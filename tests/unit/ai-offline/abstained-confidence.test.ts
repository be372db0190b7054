import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('a question the engine abstains on by rule reports no confidence of answering', () => {
  it.each([
    // One word, "drive", that the best entry names only in a phrasing ("driving a technical decision").
    'Drive kab hai?',
    'When is the drive?',
    // The best entry names none of the question's key terms ("majority").
    'Why does a write need a majority of nodes?',
  ])('"%s" is abstained, below the threshold', (question) => {
    const result = findAnswers(question)
    expect(result.status).toBe('no-confident-match')
    expect(result.confidence).toBeLessThan(CONFIDENCE_THRESHOLD)
    const answer = answerQuestion({ question, history: [] })
    expect(answer.source).toBe('framework')
    expect(answer.confidence).toBeLessThan(CONFIDENCE_THRESHOLD)
  })

  it("keeps the model's confidence for a question it answers", () => {
    const result = findAnswers('What is a heap?')
    expect(result.status).toBe('match')
    expect(result.confidence).toBe(result.best?.confidence)
  })
})
