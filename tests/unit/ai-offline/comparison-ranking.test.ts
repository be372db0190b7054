import { beforeAll, describe, expect, it } from 'vitest'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

// The index is built on first use: here, outside any test's time limit.
beforeAll(() => {
  knowledgeIndex()
})

const topEntryOf = (question: string) => findAnswers(question).matches[0]?.entry.id

// Many concepts' own entries are asked as comparisons ("What is a queue and how is it different
// from a stack?", "What is the difference between a process and a thread?"). A ranking that
// prefers entries that do not compare for a question naming one concept sends these questions to
// a task on the concept (a queue from two stacks, reversing a linked list) or a kind of it (zombie
// processes); these hold the ranking to the concept's entry.
describe('a concept whose own entry is a comparison', () => {
  it.each([
    ['what is a queue', 'ds-queue'],
    ['what is a thread', 'sd-process-vs-thread'],
    ['what is a process in an OS', 'sd-process-vs-thread'],
    ['what is a linked list', 'ds-array-vs-linked-list'],
    ['explain how horizontal scaling works', 'sd-scaling-horizontal-vertical'],
  ])('is answered from it, not from a task on the concept: %s', (question, expected) => {
    expect(topEntryOf(question)).toBe(expected)
  })
})

describe('a question that compares', () => {
  it.each([
    ['heap vs BST', 'ds-heap-vs-bst'],
    ['BST or heap, which is better for a priority queue?', 'ds-heap-vs-bst'],
    ['horizontal vs vertical scaling for a web application', 'sd-scaling-horizontal-vertical'],
    ['should a web application scale up or add a load balancer', 'sd-scaling-horizontal-vertical'],
  ])('goes to the comparison: %s', (question, expected) => {
    expect(topEntryOf(question)).toBe(expected)
  })
})
