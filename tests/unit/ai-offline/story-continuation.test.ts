import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { needsPreviousQuestion } from '#server/ai/offline/answer/follow-up.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('a question that carries on the story just asked for (decision 0162)', () => {
  it.each([
    [
      'Tell me about a time you disagreed with your lead.',
      'What did your lead say afterwards?',
      'beh-disagree-manager',
    ],
    [
      'Have you ever had to handle a difficult client?',
      'Was the client happy in the end?',
      'beh-difficult-stakeholder',
    ],
    ['Tell me about a time you missed a deadline.', 'How did the client react?', 'beh-missed-deadline'],
    ['Describe a situation where you had to work under pressure.', 'What happened next?', 'beh-stress'],
  ])('after "%s", "%s" follows up', (previous, question, expected) => {
    expect(needsPreviousQuestion(question, previous)).toBe(true)
    const result = answerQuestion({ question, history: [{ question: previous, answer: '…' }] })
    expect(result.answer).toContain(`Following up on: ${previous}`)
    expect(result.matches[0]?.id).toBe(expected)
  })

  it.each([
    // Not in the story's time: it asks something new.
    ['Tell me about a time you missed a deadline.', 'What would your manager say is your biggest strength?'],
    // Names a subject of its own.
    ['Tell me about a time you missed a deadline.', 'How did your team use Kubernetes?'],
    // No story was asked for.
    ['What is a hash map?', 'How did your manager react?'],
    // Recognised by its wording.
    ['Tell me about a conflict in your team.', 'Why did you leave your last company?'],
  ])('after "%s", "%s" is a question of its own', (previous, question) => {
    expect(needsPreviousQuestion(question, previous)).toBe(false)
  })
})
