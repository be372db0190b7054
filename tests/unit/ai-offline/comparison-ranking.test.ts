import { beforeAll, describe, expect, it } from 'vitest'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
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

// Each entry marks the concepts it is the definition of (`defines`); a question that is about one of
// them, and little else, goes to that entry before a comparison or a broader entry that also names it.
describe('a question about one concept', () => {
  it.each([
    ['what is a BST', 'ds-binary-search-tree'],
    ['so what exactly is a BST', 'ds-binary-search-tree'],
    ['what does a load balancer do for a web application', 'sd-load-balancer'],
  ])('goes to the entry that defines it: %s', (question, expected) => {
    expect(topEntryOf(question)).toBe(expected)
  })

  it.each([
    ['what is the difference between a heap and a BST', 'ds-heap-vs-bst'],
    ['load balancer or a bigger server, how would you scale', 'sd-scaling-horizontal-vertical'],
  ])('still goes to the comparison when it compares: %s', (question, expected) => {
    expect(topEntryOf(question)).toBe(expected)
  })
})

describe('the concepts each entry defines', () => {
  const plainConcepts = knowledgeBase.flatMap((entry) =>
    (entry.defines ?? []).filter((concept) => !concept.includes(' vs ')).map((concept) => [concept, entry.id] as const),
  )

  it('are asked plainly ("what is X?") answered from the entry that defines them', () => {
    const misses = plainConcepts.filter(([concept, id]) => topEntryOf(`what is ${concept}`) !== id)
    expect(misses).toEqual([])
  })
})
