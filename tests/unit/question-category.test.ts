import { describe, expect, it } from 'vitest'
import { categoriseQuestion } from '#rules/question-category.ts'

describe('the review group of a question', () => {
  it.each([
    ['What are your salary expectations?', 'hr-salary'],
    ['What is your notice period?', 'hr-salary'],
    ['Tell me about a time you disagreed with your manager.', 'behavioural'],
    ['What is your greatest weakness?', 'behavioural'],
    ['How would you design a URL shortener for millions of users?', 'system-design'],
    ['How does a hash map handle collisions?', 'technical'],
    ['What is a closure in JavaScript?', 'technical'],
  ] as const)('puts "%s" under %s', (question, category) => {
    expect(categoriseQuestion(question, false)).toBe(category)
  })

  it('counts a question no rule places as technical only when an answer source recognised it', () => {
    expect(categoriseQuestion('What is the difference between a lion and a tiger?', false)).toBe('other')
    expect(categoriseQuestion('What is the difference between a lion and a tiger?', true)).toBe('technical')
  })
})
