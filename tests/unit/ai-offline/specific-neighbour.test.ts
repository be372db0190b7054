import { beforeAll, describe, expect, it } from 'vitest'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

// The index is built on first use: here, outside any test's time limit.
beforeAll(() => {
  knowledgeIndex()
})

/**
 * A general entry lifted by saying part of what is asked does not go before the specific neighbour
 * that matches the question's text at least as strongly and names every key term it names, and
 * more; an entry that defines what is asked stays first whatever its neighbour names besides.
 */
describe('the entry that names more of the key terms', () => {
  it.each([
    ['In Kubernetes, how are pods scaled automatically?', 'ops-autoscaling', 'ops-kubernetes'],
    ['Kubernetes pods ko automatically scale kaise karta hai?', 'ops-autoscaling', 'ops-kubernetes'],
  ])('goes before the general one: %s', (question, specific, general) => {
    const result = findAnswers(question)
    expect(result.matches[0]?.entry.id).toBe(specific)
    expect(result.best?.entry.id).not.toBe(general)
  })

  it.each([
    ['What is Kubernetes?', 'ops-kubernetes'],
    ['How would you design a rate limiter?', 'sd-rate-limiter'],
    // The complexity table names "lookup" besides, but the hash map is what is asked.
    ['Is a hash map lookup O(1)?', 'ds-hash-map'],
    ['How do you build a queue from two stacks?', 'ds-queue-two-stacks'],
  ])('leaves the entry that is what is asked first: %s', (question, expected) => {
    const result = findAnswers(question)
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe(expected)
  })
})
