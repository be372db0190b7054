import { describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { leavesObjectOpen } from '#server/ai/offline/answer/open-object-pronoun.ts'

/** The question asked after `previous`, in the same session. */
function after(previous: string, question: string) {
  const first = answerQuestion({ question: previous })
  return answerQuestion({ question, history: [{ question: previous, answer: first.answer }] })
}

const answeredFrom = (result: ReturnType<typeof answerQuestion>) =>
  result.source === 'knowledge-base' ? (result.matches[0]?.id ?? null) : null

describe('an object pronoun that nothing in the question names', () => {
  it.each([
    ['How would you figure out which threads caused it?', true],
    ['Which tools would you use to track it down?', true],
    ['When should you avoid them?', true],
    // An inverted or impersonal "it" is the question's own: it points at nothing said before.
    ['Is it possible to sort in linear time?', false],
    ['Does it matter which sorting algorithm I pick?', false],
    ['It is said that Redis is single threaded, why?', false],
    ['What is this Kubernetes everyone keeps talking about?', false],
    // It stands for what the question names before it.
    ['Our office printer keeps jamming, how would you fix it?', false],
    ['You have a list of users, how would you sort them by age?', false],
    // The "it" of a judgement stands for the clause after it.
    ['Do you find it tough to ask your seniors for help?', false],
    ['Would you think it rude if a junior questioned your review comments?', false],
    // "Make it … to" may well be about what was asked before.
    ['How would you make it quicker to load?', true],
  ])('%s → %s', (question, open) => {
    expect(leavesObjectOpen(question)).toBe(open)
  })

  it('is carried back to the previous question when the question alone finds nothing sure', () => {
    const result = after('What is a race condition?', 'How would you figure out which threads caused it?')
    expect(answeredFrom(result)).toBe('os-race-critical-section')
    expect(result.answer).toContain('Following up on: What is a race condition?')
  })

  it.each([
    // Its own words answer it: the previous subject is not forced on it.
    ['What is Docker?', 'How would you shard a database and rebalance it when a shard fills up?', 'ops-docker'],
    // An impersonal "it" asks something new.
    ['What is a hash map?', 'Is it possible to sort in linear time?', 'ds-hash-map'],
    ['What is Docker?', 'What is this Kubernetes everyone keeps talking about?', 'ops-docker'],
    ['What is Kafka?', 'Our office printer keeps jamming, how would you fix it?', 'sd-kafka'],
  ])('after "%s", "%s" is not answered from %s', (previous, question, notFrom) => {
    expect(answeredFrom(after(previous, question))).not.toBe(notFrom)
  })
})
