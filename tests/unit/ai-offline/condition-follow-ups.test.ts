import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { needsPreviousQuestion } from '#server/ai/offline/answer/follow-up.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

/**
 * A supposition or a request to improve put on the previous problem with neither a link word nor a
 * pronoun: its subject is the previous question's.
 */
const carriedOn: [previous: string, question: string][] = [
  ['How do you find the middle node of a linked list?', 'Suppose the list has an even number of nodes?'],
  ['How would you design a chat service?', 'Imagine half the servers go offline?'],
  ['How would you count distinct words in a log file?', 'Supposing the file is larger than RAM?'],
  ['How would you merge two sorted arrays?', "Let's say memory is limited?"],
  ['How would you find the largest element in an array?', 'Assuming the values are all negative?'],
  ['How would you find the largest element in an array?', 'Agar array khaali ho toh?'],
  ['How do you reverse a string?', 'Maan lo string bahut lambi hai?'],
  ['How would you check whether two strings are anagrams?', 'Agar characters unicode ho toh kya karoge?'],
  ['How would you find a pair with a given sum?', 'Can you do better than O(n^2)?'],
  ['How do you find the kth largest element?', 'Better than O(k log n)?'],
  ['How would you search a rotated sorted array?', 'Could we beat O(n)?'],
  ['How do you compute the nth Fibonacci number?', 'Can we do better than exponential?'],
  // What the previous problem has comes after "the"; offered "instead" it is set against the previous solution.
  ['How would you design a news feed?', 'Assume the cache is full?'],
  ['How would you find the kth smallest element?', 'What if we use a heap instead?'],
  // A limit put on the problem, said to the candidate or to all: not a scene.
  ['How would you remove duplicates from an array?', 'Suppose you can only use constant space?'],
  ['How would you sort a huge log file?', 'Suppose we are out of memory?'],
  ['How would you remove duplicates from an array?', 'Suppose your array is already sorted?'],
]

/** The same shapes naming a subject of their own, or asking a question of their own: new questions. */
const ownSubject: [previous: string, question: string][] = [
  [
    'How do you find the middle node of a linked list?',
    'Suppose you have a binary tree, how would you find its height?',
  ],
  ['How would you design a chat service?', 'Suppose the leader node crashes in a Raft cluster?'],
  ['How would you design a chat service?', 'Agar pod crash ho jaye toh Kubernetes kya karega?'],
  ['How would you merge two sorted arrays?', 'What does O(n log n) mean?'],
  ['How would you merge two sorted arrays?', 'Can merge sort be faster than O(n log n)?'],
  ['How would you merge two sorted arrays?', 'Is it possible to sort in linear time?'],
  ['What is a stack?', 'Say something about your strengths.'],
  // A concept brought in with "a" or "an" is the condition's own subject.
  ['How do you reverse a linked list?', 'Suppose you need to design a URL shortener.'],
  ['How would you design a bank transfer service?', 'What if a deadlock happens?'],
  // A scene the candidate is put in, or a question on a condition put to them: new, as "…, what will you do?" is.
  ['What is a closure in JavaScript?', 'Imagine you are leading a team of five freshers.'],
  ['What is a closure in JavaScript?', 'Agar aapko kal se team lead bana diya jaye toh aap kya karoge?'],
  ['What is event bubbling?', 'Agar raat ko production down ho jaye toh aap kya karoge?'],
  ['How would you design a URL shortener?', 'Imagine your manager disagrees with your estimate?'],
  ['What is a hash map?', 'Suppose a teammate is not contributing?'],
  ['What is a hash map?', 'Maan lo client naraz hai toh kya karoge?'],
  ['What is a hash map?', 'Agar manager tumse naraz ho toh kya karoge?'],
]

describe('a supposition or a request to improve with no link and no pronoun follows up', () => {
  it.each(carriedOn)('after "%s", "%s" needs the previous question', (previous, question) => {
    expect(needsPreviousQuestion(question, previous)).toBe(true)
  })

  it.each(ownSubject)('after "%s", "%s" is a question of its own', (previous, question) => {
    expect(needsPreviousQuestion(question, previous)).toBe(false)
  })

  it('is answered from the entry the previous question was answered from', () => {
    const previous = 'How do you find two numbers in an array that add up to a target?'
    const first = answerQuestion({ question: previous, history: [] })
    const result = answerQuestion({
      question: 'Suppose the numbers are already in order?',
      history: [{ question: previous, answer: first.answer }],
    })
    expect(result.answer).toContain(`Following up on: ${previous}`)
    expect(result.matches[0]?.id).toBe(first.matches[0]?.id)
  })

  it('heard first, a request to improve is searched for by the bound it sets', () => {
    const result = answerQuestion({ question: 'Could we beat O(n log n)?', history: [] })
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe('algo-counting-radix-sort')
  })
})
