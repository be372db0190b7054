import { describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'

describe('offline answers a candidate can trust', () => {
  it('abstains, and says so, when a question comes down to one common word', () => {
    const result = answerQuestion({ question: 'and what would you do differently?' })
    expect(result.source).toBe('framework')
    expect(result.answer).toMatch(/^\*\*In short:\*\* I have no prepared answer for this question/)
  })

  it("abstains on a misheard fragment whose one topic word is only in an entry's phrasings", () => {
    // "a pop on all": one word of topic, which the min-stack entry names only in "push, pop and getMin".
    expect(answerQuestion({ question: 'a pop on all' }).source).toBe('framework')
  })

  it.each([
    ['heap', 'ds-heap'],
    ['trie', 'ds-trie'],
    ['Kubernetes?', 'ops-kubernetes'],
    ['closures', 'js-closures'],
  ])("answers a one-word question when an entry's own question names the word: %s", (question, expected) => {
    const result = answerQuestion({ question })
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe(expected)
  })

  it('abstains on a software-design question it has no entry for instead of answering a neighbour', () => {
    const result = answerQuestion({ question: 'what is a monad in functional programming' })
    expect(result.source).toBe('framework')
  })

  it('reads a follow-up in the light of the previous question of the session', () => {
    const history = [{ question: 'Tell me about a time you failed.', answer: 'I missed a launch…' }]
    const result = answerQuestion({ question: 'and what would you do differently?', history })
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe('beh-failure')
    expect(result.answer).toContain('*Following up on: Tell me about a time you failed.*')
  })

  it('treats a question that is confident on its own as a new topic, whatever came before', () => {
    const history = [{ question: 'What is the CAP theorem?', answer: '…' }]
    const result = answerQuestion({ question: 'How does a hash map work internally?', history })
    expect(result.matches[0]?.id).toBe('ds-hash-map')
    expect(result.answer).not.toContain('Following up on')
  })

  it('answers romanised Hindi phrasing of a common question', () => {
    expect(answerQuestion({ question: 'hash map kaise kaam karta hai' }).matches[0]?.id).toBe('ds-hash-map')
  })

  it('reports the source and the matched question on the engine result', async () => {
    const engine = createOfflineEngine()
    const matched = await engine.answer({ question: 'How does a hash map work?' })
    expect(matched).toMatchObject({ source: 'knowledge-base', matchedQuestion: 'How does a hash map work?' })
    const abstained = await engine.answer({ question: 'what is the capital of France' })
    expect(abstained.source).toBe('framework')
    expect(abstained.matchedQuestion).toBeUndefined()
    await engine.close()
  })
})
