import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { analyze } from '#server/ai/offline/search/text/analyze.ts'

beforeAll(() => {
  knowledgeIndex()
})

const ask = (question: string) => answerQuestion({ question })

describe('HR questions in Indian interview wording reach the HR entry', () => {
  it.each([
    ['Are you okay to shift to Bangalore for this job?', 'beh-relocation'],
    ['Would you be fine to move to Gurugram?', 'beh-relocation'],
    ['Are you open to shifting base to Hyderabad?', 'beh-relocation'],
    ['How much hike are you looking for?', 'beh-salary-expectations'],
    ['What increment are you expecting on your current package?', 'beh-salary-expectations'],
  ])('%s', (question, expected) => {
    const result = ask(question)
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe(expected)
  })

  it.each([
    ['Are you okay to shift to React from Angular?', 'beh-relocation'],
    ['Are you comfortable to move to Kubernetes?', 'beh-relocation'],
    ['How does the load balancer handle a hike in traffic?', 'beh-salary-expectations'],
  ])('does not read a move to a technology or a traffic hike as HR: %s', (question, notExpected) => {
    expect(ask(question).matches[0]?.id).not.toBe(notExpected)
  })
})

describe('terms of employment no entry covers get the terms form, not a neighbouring entry', () => {
  it.each([
    'Are you okay with rotational shifts, including nights?',
    'What are your thoughts on working in US shift timings?',
    'If your company makes a counter offer, will you stay?',
    'Can you come to the office all six days?',
  ])('%s', (question) => {
    const result = ask(question)
    expect(result.source).toBe('framework')
    expect(result.gist).toMatch(/terms/)
    expect(result.answer).not.toMatch(/Definition|Trade-offs|Situation:/)
  })

  it.each(['How does a bit shift work?', 'How would you shift traffic to a new version slowly?'])(
    'leaves a technical "shift" out of the terms form: %s',
    (question) => {
      expect(ask(question).gist).not.toMatch(/terms/)
    },
  )

  it('answers the bit shift from its entry', () => {
    expect(ask('How does a bit shift work?').matches[0]?.id).toBe('algo-bit-manipulation')
  })
})

describe('romanised Hindi function words carry no topic; the few Hindi topic words meet English ones', () => {
  it('drops postpositions, pronouns and verb endings and maps "fark" to difference', () => {
    expect(analyze('mera api do baar call ho raha hai, kaise rokoge?')).toEqual(['api', 'call', 'prevent'])
    expect(analyze('TCP aur UDP mein kya fark hai?')).toEqual(['tcp', 'udp', 'differ'])
  })

  it('keeps English words that look like Hindi ones ("tab", "to")', () => {
    expect(analyze('browser tab')).toEqual(['browser', 'tab'])
  })

  it.each([
    ['Linked list aur array mein kya fark hai?', 'ds-array-vs-linked-list'],
    ['Transaction ke beech mein crash ho jaye toh data ka kya hoga, consistent kaise rehta hai?', 'sql-acid'],
  ])('answers a Hinglish question from its entry with confidence: %s', (question, expected) => {
    const result = findAnswers(question)
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe(expected)
  })

  it('still abstains on a Hinglish question the knowledge base has no entry for', () => {
    expect(findAnswers('Aapke ghar mein kitne log hain?').status).toBe('no-confident-match')
  })
})
