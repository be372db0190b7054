import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { askedPart } from '#server/ai/offline/answer/follow-up.ts'
import { withoutPresentation } from '#server/ai/offline/answer/presentation.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('an instruction on how to put the answer, said after the question', () => {
  it.each([
    [
      'What is the difference between a heap and a stack, explain with a real life example',
      'What is the difference between a heap and a stack',
    ],
    ['What is recursion, explain with factorial example', 'What is recursion'],
    ['Explain normalization in simple words', 'Explain normalization'],
    ['What is a mutex? Explain with one example.', 'What is a mutex?'],
    ['Tell me about Docker briefly', 'Tell me about Docker'],
    ['Process aur thread mein kya fark hai, ek example ke saath samjhao.', 'Process aur thread mein kya fark hai'],
    ['Explain indexing in layman terms', 'Explain indexing'],
  ])('"%s" is searched as "%s"', (question, asked) => {
    expect(withoutPresentation(question)).toBe(asked)
    expect(askedPart(question)).toBe(asked)
  })

  it.each([
    // The example is what is asked.
    'Give an example of a time you missed a deadline.',
    'Give me an example where a left join returns more rows than an inner join.',
    'Can you give an example?',
    // Said mid-question, or words of the question that look like one: the question goes on after them.
    'Can you briefly explain what a deadlock is?',
    'Please explain in detail the differences between TCP and UDP',
    'Can you explain with an example how closures capture variables?',
    'What is the problem in short polling?',
    'What is query by example?',
    'Explain encapsulation with an example from real life, not the bank account one.',
    // No instruction at all.
    'What is the difference between a process and a thread?',
  ])('"%s" is kept whole', (question) => {
    expect(withoutPresentation(question)).toBe(question)
  })

  it.each([
    ['What is the difference between a stack and a queue, explain with a real life example', ['ds-stack', 'ds-queue']],
    [
      'What is memoization, explain with a fibonacci example',
      ['algo-dynamic-programming', 'algo-memoization-vs-tabulation'],
    ],
  ])('answers "%s" from the entry on what is asked', (question, expected) => {
    const answer = answerQuestion({ question })
    expect(answer.source).toBe('knowledge-base')
    expect(expected).toContain(answer.matches[0]?.id)
  })
})
