import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('confidence says whether the entry answers this question', () => {
  it.each([
    ['How would you shard a database?', 'sd-sharding'],
    ['How does HTTPS keep the data secure?', 'net-https-tls'],
    ['Explain binary search, and why is it fast?', 'algo-binary-search'],
    ['Process vs thread, what is the difference?', 'sd-process-vs-thread'],
    ['Can you explain OAuth 2.0?', 'net-oauth'],
    ['Tell me about a conflict you had with a teammate', 'beh-conflict-teammate'],
    ['How did you handle a disagreement with a colleague?', 'beh-conflict-teammate'],
    ['What is a heap?', 'ds-heap'],
  ])('answers "%s" from %s instead of abstaining or answering a neighbour', (question, expected) => {
    const result = answerQuestion({ question })
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe(expected)
  })

  it('does not answer a neighbour that only shares words: a question no entry covers stays an abstention', () => {
    for (const question of [
      'What is the difference between a monolithic kernel and a microkernel?',
      'What is a monad in functional programming?',
    ])
      expect(answerQuestion({ question }).source).toBe('framework')
  })

  it('answers virtual memory paging from the virtual memory entry now that the knowledge base has one', () => {
    const result = answerQuestion({ question: 'How does virtual memory paging work?' })
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe('os-virtual-memory')
  })
})
