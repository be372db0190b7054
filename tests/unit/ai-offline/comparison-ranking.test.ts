import { beforeAll, describe, expect, it } from 'vitest'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { asksToCompare, comparisonShareOf } from '#server/ai/offline/search/comparison.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

// The index is built on first use: here, outside any test's time limit.
beforeAll(() => {
  knowledgeIndex()
})

const entryOf = (id: string) => {
  const entry = findEntry(id)
  if (entry === undefined) throw new Error(`no entry ${id}`)
  return entry
}

const topEntryOf = (question: string) => findAnswers(question).matches[0]?.entry.id

describe('a question that compares', () => {
  it.each([
    'heap vs BST',
    'Heap versus binary search tree?',
    'What is the difference between a heap and a BST?',
    'How do a heap and a BST compare?',
    'BST or heap for a priority queue?',
    'Is a heap better than a BST here?',
    'heap aur BST mein kya farak hai',
  ])('is recognised: %s', (question) => {
    expect(asksToCompare(question)).toBe(true)
  })

  it.each(['What is a BST?', 'What does a load balancer do?', 'Tell me about a time you took ownership of a failure'])(
    'is not one that names one concept: %s',
    (question) => {
      expect(asksToCompare(question)).toBe(false)
    },
  )
})

describe('a comparison entry', () => {
  it('is known by its own lines: the more of them compare, the more it is a comparison', () => {
    // Question, both phrasings compare.
    expect(comparisonShareOf(entryOf('ds-array-vs-linked-list'))).toBe(1)
    // "instead of" and "vs" compare; "why not use a BST as a priority queue?" names one.
    expect(comparisonShareOf(entryOf('ds-heap-vs-bst'))).toBeCloseTo(2 / 3)
    // Asked as a difference, but two of its lines are about the BST alone.
    expect(comparisonShareOf(entryOf('ds-binary-search-tree'))).toBeCloseTo(1 / 3)
    expect(comparisonShareOf(entryOf('sd-load-balancer'))).toBeLessThan(
      comparisonShareOf(entryOf('sd-scaling-horizontal-vertical')),
    )
  })

  it('is not one for the words "or" and "different" alone', () => {
    // "failed or made a mistake", "the different ways to traverse a binary tree": one subject each.
    expect(comparisonShareOf(entryOf('beh-failure'))).toBe(0)
    expect(comparisonShareOf(entryOf('ds-tree-traversals'))).toBe(0)
  })
})

describe('among close neighbours', () => {
  it.each([
    ['what is a BST', 'ds-binary-search-tree'],
    ['explain a BST to me', 'ds-binary-search-tree'],
    ['how does a load balancer help a web application', 'sd-load-balancer'],
    ['what role does a load balancer play in a web application', 'sd-load-balancer'],
  ])('a question naming one concept goes to its own entry, not a comparison: %s', (question, expected) => {
    expect(topEntryOf(question)).toBe(expected)
  })

  it.each([
    ['heap vs BST', 'ds-heap-vs-bst'],
    ['BST or heap, which is better for a priority queue?', 'ds-heap-vs-bst'],
    ['horizontal vs vertical scaling for a web application', 'sd-scaling-horizontal-vertical'],
    ['should a web application scale up or add a load balancer', 'sd-scaling-horizontal-vertical'],
  ])('a question that compares still goes to the comparison: %s', (question, expected) => {
    expect(topEntryOf(question)).toBe(expected)
  })
})

describe('a concept whose own entry is a comparison', () => {
  it.each([
    ['what is a queue', 'ds-queue'],
    ['what is a thread', 'sd-process-vs-thread'],
    ['what is a process in an OS', 'sd-process-vs-thread'],
    ['what is a linked list', 'ds-array-vs-linked-list'],
    ['explain how horizontal scaling works', 'sd-scaling-horizontal-vertical'],
  ])('is still answered from it, not from a task on the concept: %s', (question, expected) => {
    expect(topEntryOf(question)).toBe(expected)
  })
})
