import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { readResume } from '#server/ai/offline/answer/resume-facts.ts'
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

const resume = `Priya Raman
Senior Software Engineer

Experience
Senior Software Engineer at Zephyrlabs (2021 - present)
- Built the payouts reconciliation service in Go, cutting manual work by 70%
- Led the migration of 40 services to Kubernetes with zero downtime
Software Engineer, Nimbusware, 2018 – 2021
- Designed the billing API used by 3,000 merchants

Projects
- Tracewise: an open-source tracing dashboard with 1,200 GitHub stars

Skills: Go, TypeScript, PostgreSQL, Kubernetes
7 years of experience`

const context = {
  resume,
  role: 'Staff Engineer',
  jobDescription: 'We need a staff engineer who knows Go and PostgreSQL to scale our payments platform.',
}

/**
 * Employers and persona facts the knowledge base's own example stories use ("at a fintech
 * start-up", "20,000 merchants"): a grounded answer must carry none of them.
 */
const inventedFacts = (() => {
  const stories = knowledgeBase.filter((entry) => entry.category === 'behavioural').map((entry) => entry.answer)
  const employers = stories.flatMap((answer) =>
    [...answer.matchAll(/\bat (?:a |an )?([a-z-]+ start-up|[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*)/g)].map(
      (m) => m[1] ?? '',
    ),
  )
  return [...new Set([...employers, '20,000 merchants', 'full-stack engineer', 'search page took four seconds'])]
})()

describe('reading a résumé', () => {
  it('finds positions, skills, projects, achievements and years', () => {
    const facts = readResume(resume)
    expect(facts?.positions).toEqual([
      { title: 'Senior Software Engineer', employer: 'Zephyrlabs', period: '2021 - present' },
      { title: 'Software Engineer', employer: 'Nimbusware', period: '2018 – 2021' },
    ])
    expect(facts?.skills).toEqual(['Go', 'TypeScript', 'PostgreSQL', 'Kubernetes'])
    expect(facts?.projects).toEqual(['Tracewise: an open-source tracing dashboard with 1,200 GitHub stars'])
    expect(facts?.achievements).toContain('Designed the billing API used by 3,000 merchants')
    expect(facts?.years).toBe(7)
  })

  it('reads nothing from an empty or factless résumé', () => {
    expect(readResume('')).toBeNull()
    expect(readResume('   ')).toBeNull()
  })
})

describe('answers grounded in the résumé', () => {
  it('knows the invented employers it must never use', () => {
    expect(inventedFacts).toContain('fintech start-up')
  })

  it.each([
    ['Tell me about yourself', ['Senior Software Engineer at Zephyrlabs', 'Nimbusware', '7 years', 'Staff Engineer']],
    ['Why do you want this job?', ['Zephyrlabs', 'Staff Engineer', 'Go and PostgreSQL']],
    ['What project are you most proud of?', ['Tracewise', '1,200 GitHub stars']],
    ['Tell me about a time you showed leadership', ['Zephyrlabs', 'Led the migration of 40 services', 'zero downtime']],
  ])('%s: built from the résumé, with no invented employer', (question, facts) => {
    const result = answerQuestion({ question, context })
    expect(result.source).toBe('knowledge-base')
    for (const fact of facts) expect(result.answer).toContain(fact)
    for (const invented of inventedFacts) expect(result.answer).not.toContain(invented)
  })

  it.each(['Tell me about yourself', 'Why do you want this job?', 'What project are you most proud of?'])(
    '%s without a résumé: the structure with placeholders, not made-up facts',
    (question) => {
      const result = answerQuestion({ question })
      expect(result.answer).toMatch(/\[[a-z][^\]]*\]/)
      for (const invented of inventedFacts) expect(result.answer).not.toContain(invented)
    },
  )

  it('names the current role placeholder when introducing oneself without a résumé', () => {
    expect(answerQuestion({ question: 'Tell me about yourself' }).answer).toContain('[your current role]')
  })
})
