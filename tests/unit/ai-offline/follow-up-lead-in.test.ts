import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { askedPart } from '#server/ai/offline/answer/follow-up.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('the words an interviewer says before the question', () => {
  it.each([
    ['Theek hai, ab consistent hashing kaise kaam karta hai?', 'consistent hashing kaise kaam karta hai?'],
    ['Achha, ab ye batao, CORS kya hai?', 'CORS kya hai?'],
    ['Okay, and what is a Bloom filter?', 'what is a Bloom filter?'],
    ['Right, so how does a B-tree stay balanced?', 'how does a B-tree stay balanced?'],
  ])('"%s" is searched as "%s"', (question, asked) => {
    expect(askedPart(question)).toBe(asked)
  })

  it.each([
    'So far you have worked on the frontend, why a backend role?',
    'Now that you know the team, any questions for us?',
    'And?',
    'AB testing kaise karte hain?',
    // A sentence before the question that says more than a remark is part of what is asked.
    'Tell me about a review of your work that stung. How did you respond in that meeting?',
    'Is a process the same as a program? If not, how are the two related?',
  ])('"%s" keeps its opening words', (question) => {
    expect(askedPart(question)).toBe(question)
  })

  it.each([
    // A statement before the question, however long, is no part of it.
    ['Okay, that was a really good explanation of the event loop. Now what is a closure?', 'js-closures'],
    ['I worked on payments at my last company. What is idempotency?', 'sd-idempotency'],
    ['Theek hai, ab Kafka kaise kaam karta hai?', 'sd-kafka'],
    ['Achha, ab ye batao, CORS kya hai?', 'net-cors'],
  ])('answers "%s" from its entry, as without its lead-in', (question, expected) => {
    const answer = answerQuestion({ question, history: [{ question: 'What is a JWT?', answer: '…' }] })
    expect(answer.source).toBe('knowledge-base')
    expect(answer.matches[0]?.id).toBe(expected)
  })
})
