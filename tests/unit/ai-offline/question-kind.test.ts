import { describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { classifyQuestion } from '#server/ai/offline/answer/classify.ts'
import { improveCommunication } from '#server/ai/offline/communication/improve-communication.ts'
import { aboutTheTermsProbability } from '#server/ai/offline/search/question-register.ts'

describe("the kind of a question no wording rule places, read from the question's register", () => {
  it.each([
    'Describe the nastiest bug you have ever chased down.',
    'What would your previous manager say about you?',
    'How do you keep yourself updated with new technology?',
  ])('is behavioural when it is put to the candidate about themselves: %s', (question) => {
    expect(classifyQuestion(question)).toBe('behavioural')
  })

  it.each([
    'What is a closure?',
    'Explain how you debug a memory leak in Node.',
    'How do you handle a deadlock in Postgres?',
    // The register reads this 0.92 about the candidate from words it has not seen; it speaks to no one.
    'What is a gap lock in MySQL InnoDB?',
  ])('stays technical when it asks about a subject: %s', (question) => {
    expect(classifyQuestion(question)).toBe('technical')
  })

  it("follows the answering entry's category over the register", () => {
    expect(classifyQuestion('What would your previous manager say about you?', 'sql-databases')).toBe('technical')
  })

  it("holds the candidate's answer to it to STAR", () => {
    const feedback = improveCommunication({
      response: 'I fixed the bug in the payment service by adding a lock.',
      context: { question: 'Describe the nastiest bug you have ever chased down.' },
    })
    expect(feedback.star.applicable).toBe(true)
  })

  it('answers such a question, with no entry for it, in the STAR form, not define-and-explain', () => {
    const answer = answerQuestion({ question: 'Describe the nastiest bug you have ever chased down.' })
    expect(answer.source).toBe('framework')
    expect(answer.gist).toContain('STAR (Situation, Task, Action, Result)')
  })
})

describe("a question about the candidate's motives and the job's terms that no entry answers", () => {
  it.each([
    'Our office is in Kochi and the team meets there twice a week, would that work for you?',
    'What makes you want to leave a bank for a gaming startup?',
  ])('is answered in the form for motives and plans, not as a story: %s', (question) => {
    const answer = answerQuestion({ question })
    expect(answer.source).toBe('framework')
    // Led by a near miss on the candidate's motives (decision 0180), the form is named for the case it is not.
    expect(answer.answer).toContain('the form for motives and plans')
    expect(answer.answer).not.toContain('STAR')
  })

  it('leaves a request for a story in the STAR form', () => {
    expect(answerQuestion({ question: 'Describe the nastiest bug you have ever chased down.' }).gist).toContain('STAR')
  })

  it('reads the HR side from the knowledge base: terms and motives high, stories low', () => {
    expect(aboutTheTermsProbability('What makes you want to leave a bank for a gaming startup?')).toBeGreaterThan(0.9)
    expect(aboutTheTermsProbability('Describe the nastiest bug you have ever chased down.')).toBeLessThan(0.1)
  })
})
