import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { spokenPart, spokenWordCount } from '#server/ai/offline/answer/answer-shape.ts'
import { actionAndResult } from '#server/ai/offline/answer/resume-story.ts'
import { readResume } from '#server/ai/offline/answer/resume-facts.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { entryGist } from '#server/ai/offline/knowledge/spoken-shape.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { SPOKEN_MAX_WORDS } from '#rules/spoken-answer.ts'

beforeAll(() => {
  knowledgeIndex()
})

const resumes = {
  dataScientist: `Arjun Mehta
Experience
Data Scientist at Kestrel Analytics (2020 - present)
- Resolved a disagreement between product and data teams over churn metrics with a joint review
- Reduced model training time by 45% by moving pipelines to Spark
- Mentored 3 junior analysts through their first model launch
Analyst, Orbit Retail, 2017 – 2020
- Built a weekly sales forecast used by 120 store managers
Skills: Python, SQL, Spark`,
  mobile: `Meera Iyer
Experience
Android Developer at Lumen Mobile (2022 - present)
- Shipped the offline mode of the field-sales app, used by 8,000 agents
- Cut app start time from 4 seconds to 1.5 seconds
Skills: Kotlin, Jetpack Compose`,
  graduate: `Rahul Verma
Projects
- Campus Connect: a React Native app for club events with 900 student users
- Led a team of 4 to build a library management system in Django
Skills: JavaScript, Python, Django`,
  sre: `Fatima Shaikh
Experience
Site Reliability Engineer | Coralpay | 2019 - present
- Handled a payments outage and wrote the postmortem, cutting repeat incidents by 60%
- Automated database failover, reducing recovery time to 2 minutes
Skills: Terraform, Kubernetes, PostgreSQL`,
}
type ResumeName = keyof typeof resumes

/** Every "at Employer" the answer names: each must be one of the résumé's own. */
function employersNamed(text: string): string[] {
  return [...text.matchAll(/\b[Aa]t ((?:[A-Z][\w&.-]*)(?: [A-Z][\w&.-]*)*)/g)].map((m) => m[1] ?? '')
}

/** Figures in the text; the numbers of a numbered list are not figures. */
function numbersIn(text: string): string[] {
  return [...text.replace(/^\s*\d+\.\s/gm, '').matchAll(/\d[\d,.]*\d|\d/g)].map((m) => m[0])
}

/** Numbers the answer may carry: the résumé's, and those of the matched entry's advice shown as detail. */
function allowedNumbers(resume: string, entryId: string | undefined): Set<string> {
  const entry = entryId === undefined ? undefined : findEntry(entryId)
  const advice = entry ? [entryGist(entry), ...entry.keyPoints].join(' ') : ''
  return new Set([...numbersIn(resume), ...numbersIn(advice)])
}

function answerWith(name: ResumeName, question: string) {
  const resume = resumes[name]
  const result = answerQuestion({ question, context: { resume } })
  const employers = readResume(resume)?.positions.map((p) => p.employer) ?? []
  return { result, resume, employers }
}

describe('behavioural (STAR) answers built from the résumé', () => {
  it.each<[ResumeName, string, string[]]>([
    [
      'dataScientist',
      'Tell me about a time you handled a conflict',
      ['Kestrel Analytics', 'Resolved a disagreement between product and data teams'],
    ],
    [
      'dataScientist',
      'Tell me about a time you led without authority',
      ['Kestrel Analytics', 'Mentored 3 junior analysts'],
    ],
    [
      'dataScientist',
      'Tell me about a time you improved the performance of something',
      ['Reduced model training time', 'by 45% by moving pipelines to Spark'],
    ],
    [
      'sre',
      'Tell me about a failure you learned from',
      ['Coralpay', 'Handled a payments outage', 'cutting repeat incidents by 60%'],
    ],
    ['sre', 'Tell me about a time you handled a production incident', ['Coralpay', 'payments outage']],
    ['graduate', 'Tell me about a time you showed leadership', ['Led a team of 4']],
    ['mobile', 'Tell me about a time you improved something for your users', ['Lumen Mobile', 'Cut app start time']],
    [
      'dataScientist',
      'Tell me about a time you had to negotiate a deadline extension with a client',
      ['Kestrel Analytics', 'Resolved a disagreement'],
    ],
  ])('%s: %s', (name, question, facts) => {
    const { result, resume, employers } = answerWith(name, question)
    const spoken = spokenPart(result.answer)
    for (const fact of facts) expect(spoken).toContain(fact)
    for (const employer of employersNamed(result.answer)) expect(employers).toContain(employer)
    const allowed = allowedNumbers(resume, result.source === 'knowledge-base' ? result.matches[0]?.id : undefined)
    for (const number of numbersIn(result.answer)) expect(allowed, `${number} is not in the résumé`).toContain(number)
    expect(spokenWordCount(spoken)).toBeLessThanOrEqual(SPOKEN_MAX_WORDS)
  })

  it('builds the story from the résumé when no knowledge-base entry matches the question', () => {
    const { result } = answerWith(
      'dataScientist',
      'Tell me about a time you had to negotiate a deadline extension with a client',
    )
    expect(result.source).toBe('framework')
    expect(result.answer).toMatch(
      /^\*\*In short:\*\* At Kestrel Analytics, as Data Scientist, I resolved a disagreement/,
    )
    // The loosely related technical topics of the knowledge base are no part of a story.
    expect(result.answer).not.toContain('The closest question I have an answer for')
  })

  it.each<[ResumeName, string, string]>([
    ['mobile', 'Tell me about a time you handled a conflict', 'a conflict or disagreement'],
    ['mobile', 'Tell me about a failure you learned from', 'a failure or mistake'],
    ['graduate', 'Tell me about a time you mentored a junior colleague', 'helping others grow'],
    ['sre', 'Tell me about a time you organised a charity bake sale', 'this'],
  ])('%s, %s: says the résumé has no such story and gives the structure to fill', (name, question, about) => {
    const { result, resume } = answerWith(name, question)
    expect(result.gist).toBe(`Your résumé has no story about ${about}: pick a real one and tell it in STAR form.`)
    const spoken = spokenPart(result.answer)
    for (const part of ['Situation', 'Task', 'Action', 'Result'])
      expect(spoken).toMatch(new RegExp(`\\*\\*${part}:\\*\\* \\[`))
    // No résumé line is passed off as a story it does not tell.
    for (const line of [...(readResume(resume)?.achievements ?? []), ...(readResume(resume)?.projects ?? [])])
      expect(result.answer).not.toContain(line)
  })

  it('never places a project at an employer it was not listed under', () => {
    const { result } = answerWith('graduate', 'What project are you most proud of?')
    expect(result.gist).toBe('Campus Connect: a React Native app for club events with 900 student users.')
    expect(employersNamed(result.answer)).toEqual([])
  })

  it('splits a résumé line into action and result only where it states an outcome', () => {
    expect(actionAndResult('Built the payouts service in Go, cutting manual work by 70%')).toEqual({
      action: 'Built the payouts service in Go',
      result: 'cutting manual work by 70%',
    })
    expect(actionAndResult('Led the migration of 40 services with zero downtime')).toEqual({
      action: 'Led the migration of 40 services',
      result: 'with zero downtime',
    })
    expect(actionAndResult('Reduced model training time by 45% by moving pipelines to Spark')).toEqual({
      action: 'Reduced model training time',
      result: 'by 45% by moving pipelines to Spark',
    })
    expect(actionAndResult('Resolved a disagreement over churn metrics with a joint review').result).toBeNull()
    expect(actionAndResult('Designed the billing API used by 3,000 merchants')).toEqual({
      action: 'Designed the billing API used by 3,000 merchants',
      result: null,
    })
  })
})
