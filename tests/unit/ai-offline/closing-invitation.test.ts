import { describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { personalQuestionEntry } from '#server/ai/offline/answer/personal-question.ts'

describe("the interviewer's closing invitation to ask, however it is worded (decision 0160)", () => {
  it.each([
    'Is there anything you wanted to know about how we work here?',
    'We have a few minutes left, is there something you would like to ask me?',
    'Alright, over to you now.',
    'So that is it from us, any doubts from your side?',
    'What would you like to know about the team before we finish?',
    'Aapko humse kuch poochna hai?',
    'Koi questions hain aapke?',
  ])('%s is answered with the questions to ask back', (question) => {
    expect(personalQuestionEntry(question)?.id).toBe('beh-questions-for-interviewer')
    const answer = answerQuestion({ question })
    expect(answer.source).toBe('knowledge-base')
    expect(answer.matches[0]?.id).toBe('beh-questions-for-interviewer')
  })

  it.each([
    'Do you know what a closure is?',
    'What do you know about our company?',
    'Tell me about a time you had to ask for help.',
    'How do you ask your manager for feedback?',
  ])('%s is not the invitation', (question) => {
    expect(personalQuestionEntry(question)?.id).not.toBe('beh-questions-for-interviewer')
  })
})
