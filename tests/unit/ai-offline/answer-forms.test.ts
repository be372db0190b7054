import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { spokenPart } from '#server/ai/offline/answer/answer-shape.ts'
import { readResume } from '#server/ai/offline/answer/resume-facts.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { interviewInstructions } from '#server/ai/providers/interview-prompts.ts'

beforeAll(() => {
  knowledgeIndex()
})

const context = {
  resume: `Arjun Mehta
Software Engineer at Zephyrlabs (2021 - present)
- Built the payouts reconciliation service in Go, cutting manual work by 70%
- Resolved a dispute between the QA and release teams over the test freeze
Associate Engineer, Nimbusware, 2018 – 2021
- Designed the billing API used by 3,000 merchants
Skills: Go, PostgreSQL, Kafka
6 years of experience`,
  role: 'Staff Engineer',
  jobDescription: 'Globex is hiring a Staff Engineer to scale our payments platform in Go and PostgreSQL.',
}

const ask = (question: string, withContext = true) => answerQuestion({ question, ...(withContext ? { context } : {}) })

describe('HR and compensation: advice and a phrasing, never a project story', () => {
  it.each([
    ['What are your salary expectations?', 'beh-salary-expectations'],
    ['What is your expected CTC?', 'beh-salary-expectations'],
    ['What is your current notice period?', 'beh-notice-period'],
    ['Can you join us within 30 days?', 'beh-notice-period'],
    ['Are you willing to relocate to Hyderabad?', 'beh-relocation'],
    ['Do you have any other offers in hand?', 'beh-other-offers'],
    ['Can you work from the office five days a week?', 'beh-work-from-office'],
    ['Are you okay with signing a two-year service bond?', 'beh-service-bond'],
    ['Are you comfortable with night shifts?', 'beh-shift-work'],
    ['What is your current CTC?', 'beh-current-ctc'],
    ['Will you accept a counter offer from your company?', 'beh-counter-offer'],
  ])('%s', (question, expected) => {
    for (const result of [ask(question), ask(question, false)]) {
      expect(result.source).toBe('knowledge-base')
      expect(result.matches[0]?.id).toBe(expected)
      expect(result.confidence).toBeGreaterThanOrEqual(0.9)
      const spoken = spokenPart(result.answer)
      expect(spoken).not.toMatch(/Zephyrlabs|Situation:|Action:/)
      expect(result.answer).not.toMatch(/At Zephyrlabs|reconciliation/)
    }
  })
})

describe('HR answers with a résumé in the context', () => {
  it.each([
    'What is your notice period?',
    'Are you comfortable with night shifts?',
    'Why should we hire you?',
    'Can you explain the gap in your resume?',
  ])('%s: ask for no story, not even in the detail', (question) => {
    const result = ask(question)
    expect(result.source).toBe('knowledge-base')
    expect(result.answer).toContain('A phrasing that works:')
    expect(result.answer).not.toMatch(/pick a real story|Result measurable/)
  })
})

describe('HR wording beyond the first patterns', () => {
  it.each([
    ['Are you ready to join immediately?', 'beh-notice-period'],
    ['When can you start if we make an offer?', 'beh-notice-period'],
    ['Is the CTC negotiable?', 'beh-salary-expectations'],
    ['What was your last drawn salary?', 'beh-current-ctc'],
    ['Are you okay to shift to Bangalore for this job?', 'beh-relocation'],
    ['Is a probation period of six months fine?', 'beh-probation'],
  ])('%s', (question, expected) => {
    const result = ask(question)
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe(expected)
    expect(spokenPart(result.answer)).not.toMatch(/Zephyrlabs|Situation:|Action:/)
  })

  it('still reads a SQL question about salaries as SQL', () => {
    expect(ask('Write a query for the second highest salary in a table').matches[0]?.id).toBe(
      'sql-second-highest-salary',
    )
  })
})

describe('HR questions no entry answers: advice on answering terms, not a definition or a STAR story', () => {
  it.each(['Is there a joining bonus with this offer?', 'Do you expect stock options as part of the package?'])(
    '%s',
    (question) => {
      for (const result of [ask(question), ask(question, false)]) {
        expect(result.source).toBe('framework')
        expect(result.gist).toMatch(/terms/)
        expect(result.answer).not.toMatch(/Definition|Trade-offs|Situation:|Zephyrlabs/)
      }
    },
  )
})

describe('a résumé does not pull a question about the candidate to a technical entry', () => {
  it('answers "how do you handle stress?" about the candidate, not about stress testing', () => {
    const result = ask('How do you handle stress?')
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe('beh-stress')
  })

  it.each([
    ['What would you do if two transactions keep deadlocking?', 'sql-deadlocks'],
    ['What would you do if a secret was committed to Git?', 'ops-secrets-management'],
    ['Have you ever used Kafka consumer groups?', 'sd-kafka'],
  ])('leaves a technical question worded like one about the candidate to its entry: %s', (question, expected) => {
    expect(ask(question).matches[0]?.id).toBe(expected)
  })
})

describe('the role applied for and the current role are never confused', () => {
  it('ties a technical answer to the current title from the résumé and names the target role as the one applied for', () => {
    const result = ask('How does database indexing work?')
    expect(result.answer).not.toMatch(/In your role as Staff Engineer|I am an? Staff Engineer/)
    expect(result.answer).toMatch(/Software Engineer/)
    expect(result.answer).toMatch(/Staff Engineer role/)
  })

  it('tells the model that the role in the context is the one applied for, and HR questions get advice', () => {
    const instructions = interviewInstructions({ role: 'Staff Engineer' })
    expect(instructions).toContain('the role the candidate is applying for, never their current role')
    expect(instructions).toMatch(/HR questions .* never a project story/)
  })

  it('reads "Employer — Title" résumé lines with the title on either side', () => {
    const facts = readResume(
      'Rahul Verma\nZentrix Logistics — SDE-2 (2022 – present)\n- Built the tracking API in Java',
    )
    expect(facts?.positions[0]).toMatchObject({ title: 'SDE-2', employer: 'Zentrix Logistics' })
    const result = answerQuestion({
      question: 'How does Kubernetes autoscaling work?',
      context: { ...context, resume: 'Zentrix Logistics — SDE-2 (2022 – present)\n- Built the tracking API in Java' },
    })
    expect(result.answer).not.toMatch(/In your role as Zentrix Logistics/)
    expect(result.answer).toMatch(/In your role as SDE-2/)
  })

  it("says why this role names the target as the role applied for, and the current title as the candidate's own", () => {
    expect(ask('Why do you want this role?').gist).toBe(
      'The Staff Engineer role builds on what I do now as Software Engineer at Zephyrlabs.',
    )
  })

  it('never introduces the candidate with the target role', () => {
    const result = ask('Tell me about yourself')
    expect(result.gist).toMatch(/^I am a Software Engineer at Zephyrlabs/)
    expect(result.answer).not.toMatch(/I am an? Staff Engineer/)
  })
})

describe('the questions a candidate asks the interviewer', () => {
  it('gives questions to ask, not a story, with a résumé in the context', () => {
    const result = ask('What should I ask the interviewer at the end?')
    expect(result.matches[0]?.id).toBe('beh-questions-for-interviewer')
    expect(spokenPart(result.answer)).not.toMatch(/Zephyrlabs|Situation:/)
  })
})

describe('coding problems name the standard algorithm', () => {
  it("answers maximum subarray with Kadane's algorithm in O(n)", () => {
    const result = ask('Given an integer array, find the maximum sum of a contiguous subarray', false)
    expect(result.source).toBe('knowledge-base')
    expect(spokenPart(result.answer)).toMatch(/Kadane/)
    expect(result.answer).toMatch(/O\(n\)/)
  })

  it('merges two sorted arrays with two pointers in linear time, not with merge sort', () => {
    const result = ask('How would you merge two sorted arrays?', false)
    expect(result.source).toBe('knowledge-base')
    expect(spokenPart(result.answer)).toMatch(/two pointers/i)
    expect(result.answer).toMatch(/O\(m \+ n\)/)
    expect(result.answer).not.toMatch(/O\(n log n\)/)
  })
})
