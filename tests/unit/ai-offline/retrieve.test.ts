import { beforeAll, describe, expect, it } from 'vitest'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { asksAboutTerms, personalQuestionEntry } from '#server/ai/offline/answer/personal-question.ts'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'

// The index is built on first use: here, outside any test's time limit, as at import before.
beforeAll(() => {
  knowledgeIndex()
})

/** The question, asked alone, is answered from the expected entry. */
function expectAnsweredFrom(question: string, expected: string): void {
  const answer = answerQuestion({ question, history: [] })
  expect(answer.source).toBe('knowledge-base')
  expect(answer.matches[0]?.id).toBe(expected)
}

const ambiguous = 'How do you manage state?'
const reactContext = { role: 'Senior React developer', resume: 'Built dashboards with React, Redux and hooks.' }
const backendContext = {
  role: 'Backend engineer',
  jobDescription: 'Distributed microservices behind a load balancer, Redis, Kafka, horizontal scaling.',
}

describe('findAnswers', () => {
  it('finds the matching entry for a direct question', () => {
    const result = findAnswers('What is the CAP theorem?')
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe('sd-cap-theorem')
    expect(result.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD)
  })

  // A word many entries use is one of the things a story speaks of, not what it asks.
  it.each(['Manager kaun hoga?', 'Manager?'])('does not answer a story from the common word alone: %s', (question) => {
    expect(findAnswers(question).status).toBe('no-confident-match')
  })

  it.each([
    ['Weakness?', 'beh-weakness'],
    ['strengths', 'beh-greatest-strength'],
    ['Deadlock?', 'os-deadlock-conditions'],
  ])('answers one word that is what the entry asks: %s', (question, expected) => {
    const result = findAnswers(question)
    expect(result.status).toBe('match')
    expect(result.best?.entry.id).toBe(expected)
  })

  it('ranks matches by score and honours the limit', () => {
    const result = findAnswers('how does a hash map handle collisions', undefined, { limit: 3 })
    expect(result.matches).toHaveLength(3)
    const scores = result.matches.map((m) => m.score)
    expect([...scores].sort((a, b) => b - a)).toEqual(scores)
    expect(result.matches.every((m) => m.confidence >= 0 && m.confidence <= 1)).toBe(true)
  })

  it('re-ranks an ambiguous question by the candidate context', () => {
    // The ranking is what context changes; whether so short a question is answered is the confidence's call.
    const asReactDeveloper = findAnswers(ambiguous, reactContext).matches[0]?.entry
    const asBackendEngineer = findAnswers(ambiguous, backendContext).matches[0]?.entry
    expect(asReactDeveloper?.category).toBe('react')
    expect(asBackendEngineer?.category).toBe('system-design')
    expect(asReactDeveloper?.id).not.toBe(asBackendEngineer?.id)
  })

  it('changes the top result relative to no context when the context points elsewhere', () => {
    const withoutContext = findAnswers(ambiguous).best?.entry.id
    const withContext = [findAnswers(ambiguous, reactContext), findAnswers(ambiguous, backendContext)].map(
      (r) => r.best?.entry.id,
    )
    expect(withContext.some((id) => id !== withoutContext)).toBe(true)
  })

  it('records the context boost on boosted matches', () => {
    const boosted = findAnswers(ambiguous, reactContext).matches[0]
    expect(boosted?.contextBoost).toBeGreaterThan(0)
    expect(boosted?.score).toBeGreaterThan(boosted?.textScore ?? Number.POSITIVE_INFINITY)
  })

  it('does not let context override a clear, specific question', () => {
    expect(findAnswers('What is the difference between TCP and UDP?', reactContext).best?.entry.id).toBe(
      'net-tcp-vs-udp',
    )
  })

  it('accepts a plain string context', () => {
    const result = findAnswers(ambiguous, { jobDescription: 'React and Redux front-end role' })
    expect(result.best?.entry.category).toBe('react')
  })

  it('says clearly when nothing matches confidently', () => {
    const offTopic = findAnswers('What is the capital of France?')
    expect(offTopic.status).toBe('no-confident-match')
    expect(offTopic.best).toBeNull()
    expect(offTopic.confidence).toBeLessThan(CONFIDENCE_THRESHOLD)

    const empty = findAnswers('um so yeah')
    expect(empty.status).toBe('no-confident-match')
    expect(empty.reason).toBe('empty-question')
  })
})

describe('entries on the terms and history of a job (tagged hr)', () => {
  it('answer only a question put to the candidate: a bond, a probation or an office of another field is not theirs', () => {
    for (const question of [
      'What is the difference between a bond and a stock?',
      'explain bonds and yields to me',
      'what is the probation period for a new driving licence holder',
    ]) {
      const result = findAnswers(question)
      expect(
        result.matches.map((m) => m.entry.id),
        question,
      ).not.toContain('beh-service-bond')
      expect(
        result.matches.map((m) => m.entry.id),
        question,
      ).not.toContain('beh-probation')
    }
    expect(findAnswers('Is a two-year service bond okay for you?').best?.entry.id).toBe('beh-service-bond')
    expect(findAnswers('How long is the probation period here, and are you fine with it?').best?.entry.id).toBe(
      'beh-probation',
    )
    expect(findAnswers('bond sign karna padega, chalega aapko?').best?.entry.id).toBe('beh-service-bond')
  })

  it('are reached by their wording only for a question put to the candidate', () => {
    expect(personalQuestionEntry('what is the probation period for a new driving licence holder')).toBeNull()
    expect(personalQuestionEntry('Probation is six months here, okay?')?.id).toBe('beh-probation')
  })

  it('are not reached by a technical question that shares their subject word', () => {
    for (const question of [
      'explain the shift operator in javascript',
      'what is the hybrid model in machine learning',
      'how do I run a background check job in node',
    ]) {
      const answer = answerQuestion({ question, history: [] })
      const from = answer.source === 'knowledge-base' ? answer.matches[0]?.id : undefined
      expect(from === undefined ? false : findEntry(from)?.tags.includes('hr'), question).toBe(false)
    }
    expect(asksAboutTerms('how would you model stock options in a database schema')).toBe(false)
    expect(asksAboutTerms('Does your offer include stock options?')).toBe(true)
  })

  it('are not reached by a how-to question whose "you" is anyone doing it', () => {
    for (const question of [
      'how do you price a 10 year bond',
      'how do you calculate the yield to maturity of a bond',
      'how do you work out the price of a bond',
      'what do you use for bond pricing when interest rates change',
      'what do you use to predict probation violations in a risk model',
      'how do you shift bits left in C',
      'how do you compute the appraisal value of a house',
      'how do you publish a package to npm',
      'how do you implement offer and poll on a bounded queue',
      'what is relocation in a linker and loader',
      'how does the dynamic linker apply relocations at load time',
    ]) {
      const answer = answerQuestion({ question, history: [] })
      const from = answer.source === 'knowledge-base' ? answer.matches[0]?.id : undefined
      expect(from === undefined ? false : findEntry(from)?.tags.includes('hr'), question).toBe(false)
      expect(personalQuestionEntry(question), question).toBeNull()
    }
  })

  it.each([
    ['how do you handle a bond with your current employer?', 'beh-service-bond'],
    ['Do you have any bond?', 'beh-service-bond'],
    ['are you okay with signing a two year bond', 'beh-service-bond'],
    ['how do you feel about night shifts', 'beh-shift-work'],
    ['how would you feel about a six month probation?', 'beh-probation'],
    ['How do you maintain work-life balance?', 'beh-work-life-balance'],
    ['Are you willing to relocate?', 'beh-relocation'],
    // "How do you" of the candidate's own conduct, not of a procedure.
    ['How do you stay motivated?', 'beh-motivation'],
    ['How do you balance work and personal life?', 'beh-work-life-balance'],
    ['How do you work best, alone or in a team?', 'beh-team-or-alone'],
  ])('still answer an HR question put with "you": %s', (question, expected) => {
    expectAnsweredFrom(question, expected)
  })

  it.each([
    ['Is there a probation period?', 'beh-probation'],
    ['Will there be any probation?', 'beh-probation'],
    ['Is there a service bond?', 'beh-service-bond'],
    ['Is there any bond?', 'beh-service-bond'],
    ['Is relocation required for this role?', 'beh-relocation'],
    ['Will I need to relocate?', 'beh-relocation'],
  ])('answer a bare question on whether the job has a term from its entry: %s', (question, expected) => {
    expect(personalQuestionEntry(question)?.id).toBe(expected)
    expectAnsweredFrom(question, expected)
  })

  it.each([
    // A wording shared with another question about the candidate: the first rule to match was answered.
    ['We have a two-year bond with a penalty if you leave early, would you sign it?', 'beh-service-bond'],
    ['Your notice is 60 days, will your manager let you go early if we ask?', 'beh-notice-period'],
    ['Please send your last six months of payslips and Form 16 for verification.', 'beh-background-verification'],
    ['Can you share your salary slips for the background check?', 'beh-background-verification'],
    ['If we can only match your present package, would you still join?', 'beh-lower-package'],
  ])('answer the term a question asks about, not another it shares words with: %s', (question, expected) => {
    expectAnsweredFrom(question, expected)
  })

  it.each([
    // Ways of putting a term of the job to the candidate that only its wording tells apart.
    ['Would you be fine shifting to Hyderabad if you are selected?', 'beh-relocation'],
    ['Are you okay moving to Gurgaon for this position?', 'beh-relocation'],
    ['Aapki company aapko kab tak relieve karegi?', 'beh-notice-period'],
    ['One week a month you will be on call at night too, is that okay?', 'beh-shift-work'],
    ['What is your monthly take-home at the moment?', 'beh-current-ctc'],
    ['What made you apply to this opening?', 'beh-why-company'],
    ['What kind of problem gets you really excited at work?', 'beh-motivation'],
  ])('answer a question put to the candidate in an everyday wording: %s', (question, expected) => {
    expectAnsweredFrom(question, expected)
  })

  it.each([
    'Why did sharding the table make the job finish faster?',
    'Why does this role-based access check fail for admins?',
  ])(
    'read a question about a subject as one, whatever words it shares with a question to the candidate: %s',
    (question) => {
      expect(personalQuestionEntry(question)).toBeNull()
      expect(answerQuestion({ question, history: [] }).matches[0]?.id).not.toBe('beh-why-company')
    },
  )

  it('still answer a real HR question that names its term but not the candidate', () => {
    expect(personalQuestionEntry('Any problem with relocating to Pune?')?.id).toBe('beh-relocation')
    expect(personalQuestionEntry('Is a background check done before onboarding?')?.id).toBe(
      'beh-background-verification',
    )
    expect(personalQuestionEntry('Is there a service bond in this position?')?.id).toBe('beh-service-bond')
  })
})
