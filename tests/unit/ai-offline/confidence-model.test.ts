import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { developmentSamples, fitConfidenceModel } from '#server/ai/offline/eval/fit-confidence.ts'
import { confidenceFeatures, confidenceModel } from '#server/ai/offline/search/confidence-model.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('the answer confidence is a probability fitted on the development part', () => {
  it('uses the coefficients the development part gives (refit with scripts/fit-answer-confidence.ts)', () => {
    const fitted = fitConfidenceModel(developmentSamples())
    for (const name of confidenceFeatures)
      expect(confidenceModel.weights[name], name).toBeCloseTo(fitted.weights[name], 2)
    expect(confidenceModel.intercept).toBeCloseTo(fitted.intercept, 2)
    // It runs the engine over every development question and fits: 2 s idle, past 5 s on a loaded machine.
  }, 60_000)

  it('is fitted on the questions it decides: a top entry naming no key term is never an answer, so it takes no part', () => {
    const samples = developmentSamples()
    const decided = samples.filter((sample) => sample.evidence.keyCoverage > 0)
    const neverAnswered = samples.filter((sample) => sample.evidence.keyCoverage === 0)
    expect(neverAnswered.length).toBeGreaterThan(0)
    expect(fitConfidenceModel(samples)).toEqual(fitConfidenceModel(decided))
    // 90 s on a loaded machine: two fits over every development question.
  }, 90_000)

  it.each([
    ['What is a heap?', 'ds-heap'],
    ['How does useEffect work?', 'react-useeffect'],
    ['Tell me about a time you failed or made a mistake.', 'beh-failure'],
  ])('answers "%s", an entry\'s own wording, although a neighbour shares its words', (question, expected) => {
    const result = answerQuestion({ question })
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe(expected)
  })

  it.each([
    ['how does node serve thousands of connections on one thread', 'js-node-concurrency'],
    ['tests that pass and fail randomly, how do you handle them', 'ops-flaky-tests'],
    ['the browser blocks my API call from another origin, why', 'net-cors'],
    ['loading a list then one query per item is slow, what is the fix', 'sql-n-plus-one'],
  ])('answers "%s" from the entry it ranks first instead of abstaining with it in hand', (question, expected) => {
    const result = answerQuestion({ question })
    expect(result.matches[0]?.id).toBe(expected)
    expect(result.source).toBe('knowledge-base')
  })

  it('stays an abstention where the knowledge base lacks the concept a neighbour only shares words with', () => {
    for (const question of [
      'What is the difference between a monolithic kernel and a microkernel?',
      'what is a goroutine and how is it scheduled',
    ])
      expect(answerQuestion({ question }).source).toBe('framework')
  })
})
