import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { needsPreviousQuestion } from '#server/ai/offline/answer/follow-up.ts'
import { namesKnownSubject } from '#server/ai/offline/answer/known-subjects.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

/** An ellipsis with no pronoun: an aspect, a setting, a comparison or a condition whose subject is the previous one. */
const ellipses: [previous: string, question: string][] = [
  ['What is an index in a database?', 'and for writes?'],
  ['What is an index in a database?', 'what about reads?'],
  ['What is an index in a database?', 'and in production?'],
  ['What is an index in a database?', 'and the space cost?'],
  ['What is an index in a database?', 'versus a B-tree?'],
  ['What is an index in a database?', 'compared with a hash index?'],
  ['How does binary search work?', 'kitna time lagega worst case mein?'],
  ['How does consistent hashing work?', 'and when a node is removed, which keys move?'],
  ['How does consistent hashing work?', 'so if we add a server?'],
  ['What is a foreign key?', 'what happens if I delete the parent row then?'],
  ['What is Redis?', 'aur production mein?'],
  // A bare fragment needs no link: it cannot be asked alone.
  ['What is a trie?', 'With duplicates?'],
  ['How do you find a memory leak?', 'In production?'],
]

/** The same shapes naming a subject of their own, or put to the candidate: new questions. */
const lookalikes: [previous: string, question: string][] = [
  ['What is an index in a database?', 'And what is a deadlock?'],
  ['What is an index in a database?', 'Time complexity of merge sort?'],
  ['What is an index in a database?', 'What about Kubernetes, have you used it?'],
  ['What is an index in a database?', 'and for microservices?'],
  ['What is an index in a database?', 'what about Java?'],
  ['What is an index in a database?', 'Versus a monolith, what do microservices cost you?'],
  ['What is an index in a database?', 'So when a process is killed, what happens to its threads?'],
  ['What is an index in a database?', 'and if your manager disagrees, what do you do?'],
  ['What is a JWT?', 'Explain the hash ring and virtual nodes.'],
  ['What is a JWT?', 'What happens when producers are faster than consumers?'],
  ['What is a JWT?', 'When does a hash table resize?'],
  ['What is a JWT?', 'the job needs going to customer locations now and then'],
  // With no link only a bare fragment follows up: one naming a subject, a longer phrase, a
  // condition or a Hindi clause is asked alone.
  ['What is a JWT?', 'Kubernetes?'],
  ['What is a JWT?', 'Garbage collection in Java?'],
  ['What is a JWT?', 'When a leader fails?'],
  ['What is a JWT?', 'virtual memory kya hota hai'],
]

describe('an ellipsis with no pronoun is a follow-up (decision 0152)', () => {
  it.each(ellipses)('after "%s", "%s" needs the previous question', (previous, question) => {
    expect(needsPreviousQuestion(question, previous)).toBe(true)
  })

  it.each(lookalikes)('after "%s", "%s" is a question of its own', (previous, question) => {
    expect(needsPreviousQuestion(question, previous)).toBe(false)
  })
})

describe('the subjects the knowledge base knows', () => {
  it.each(['B-tree', 'merge sort', 'Kubernetes', 'microservices', 'deadlock'])('"%s" is one', (words) => {
    expect(namesKnownSubject(words)).toBe(true)
  })

  it.each(['writes', 'production', 'node removed keys move', 'overhead'])(
    '"%s" is a role or an attribute, not a subject',
    (words) => {
      expect(namesKnownSubject(words)).toBe(false)
    },
  )
})

describe('a comparison with the previous subject, one side unsaid, is answered from both', () => {
  it.each([
    ['What is a stack?', 'versus a queue?', 'ds-queue'],
    ['What is SQL?', 'and versus NoSQL?', 'sql-vs-nosql'],
    ['What is a heap?', 'compared with a binary search tree?', 'ds-heap-vs-bst'],
  ])('after "%s", "%s" is answered from %s', (previous, question, expected) => {
    const result = answerQuestion({ question, history: [{ question: previous, answer: '…' }] })
    expect(result.answer).toContain(`Following up on: ${previous}`)
    expect(result.matches[0]?.id).toBe(expected)
  })
})
