/**
 * One session's review as files to keep: the PDF a reader extracts the questions, answers, trust
 * and ratings from, and the CSV of its questions, row by row; refused like the review itself.
 * And its practice list: besides abstentions, low confidence and low ratings, a topic that came
 * up again in a later interview is worth practising; a question asked once is not.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { askQuestion } from '#server/interviews/ask.ts'
import { endSession, startSession } from '#server/interviews/interview-sessions.ts'
import { rateAnswer } from '#server/interviews/review/rate-answer.ts'
import { sessionReviewFile } from '#server/interviews/review/review-export.ts'
import { sessionReview } from '#server/interviews/review/session-review.ts'
import { actingAs, type SignedInScope } from '#server/request-scope.ts'
import { pdfText } from '#tests/support/invoices.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

/** The CSV's rows as cells, read the RFC 4180 way (quoted cells may hold commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? ''
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index += 1
    } else cell += char
  }
  return rows
}

describe('interview review: the files to keep and the practice list', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
  })

  const callerFor = (userId = randomUUID()): SignedInScope =>
    actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)

  async function endedSession(caller: SignedInScope) {
    const session = await startSession(caller, { mode: 'text' })
    const first = await askQuestion(caller, { question: 'How does a hash map handle collisions?' })
    await askQuestion(caller, { question: '=SUM(A1:A2), or "what are your salary expectations"?', generated: true })
    await endSession(caller, session.id)
    await rateAnswer(caller, {
      sessionId: session.id,
      questionId: first.questionId,
      rating: 2,
      note: 'Too long, and "chaining" needs an example',
    })
    return session.id
  }

  it('writes the review as a PDF a reader extracts every question, answer, trust and rating from', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'pro')
    const sessionId = await endedSession(caller)
    const file = await sessionReviewFile(caller, sessionId, 'pdf')
    expect(file.contentType).toBe('application/pdf')
    expect(file.fileName).toMatch(new RegExp(`^interview-review-\\d{4}-\\d{2}-\\d{2}-${sessionId.slice(0, 8)}\\.pdf$`))
    const text = await pdfText(file.bytes)
    for (const expected of [
      'Interview review',
      'Questions: 2',
      'Practice these',
      '1. How does a hash map handle collisions?',
      'Typed · Technical topics',
      'Generated practice question · HR and salary',
      'Answered in',
      'Your rating: 2 of 5: Too long, and "chaining" needs an example',
    ])
      expect(text).toContain(expected)
    expect(text).toMatch(/Source: (curated answer|structured approach)/)
  })

  it('writes the questions as CSV rows in the order asked, quoted, with no formula a spreadsheet would run', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'pro')
    const sessionId = await endedSession(caller)
    const file = await sessionReviewFile(caller, sessionId, 'csv')
    expect(file.contentType).toBe('text/csv; charset=utf-8')
    const rows = csvRows(new TextDecoder().decode(file.bytes))
    expect(rows[0]?.join(',')).toBe(
      'number,asked_at,mode,category,question,answer,confidence,source,trust,latency_ms,rating,note',
    )
    expect(rows).toHaveLength(3)
    const [first, second] = [rows[1] ?? [], rows[2] ?? []]
    expect(first.slice(0, 5)).toEqual([
      '1',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      'Typed',
      'Technical topics',
      'How does a hash map handle collisions?',
    ])
    expect(first.slice(10)).toEqual(['2', 'Too long, and "chaining" needs an example'])
    expect(Number(first[6])).toBeGreaterThan(0)
    expect(first[5]?.length).toBeGreaterThan(20)
    expect(second.slice(0, 5)).toEqual([
      '2',
      expect.any(String),
      'Generated practice question',
      'HR and salary',
      `'=SUM(A1:A2), or "what are your salary expectations"?`,
    ])
    expect(second.slice(10)).toEqual(['', ''])
  })

  it('is refused like the review: Starter gets feature_not_in_plan, another person not found', async () => {
    const pro = callerFor()
    await grantPlan(test.runtime, pro.userId, 'pro')
    const sessionId = await endedSession(pro)
    const starter = callerFor()
    await grantPlan(test.runtime, starter.userId, 'starter')
    await expect(sessionReviewFile(starter, sessionId, 'pdf')).rejects.toMatchObject({ code: 'feature-not-in-plan' })
    const stranger = callerFor()
    await grantPlan(test.runtime, stranger.userId, 'pro')
    await expect(sessionReviewFile(stranger, sessionId, 'csv')).rejects.toMatchObject({ code: 'not-found' })
  })

  async function interview(caller: SignedInScope, questions: readonly string[]) {
    const session = await startSession(caller, { mode: 'text' })
    for (const question of questions) {
      test.clock.advance(60_000)
      await askQuestion(caller, { question })
    }
    test.clock.advance(60_000)
    await endSession(caller, session.id)
    test.clock.advance(60_000)
    return session.id
  }

  it('lists a topic asked again in a later interview, and only in the review of the earlier one', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'pro')
    const first = await interview(caller, [
      'How does a hash map handle collisions?',
      'What is the difference between a process and a thread?',
    ])
    const second = await interview(caller, ['Explain how hash maps handle collisions.'])

    const earlier = await sessionReview(caller, first)
    expect(earlier.questions.map((question) => question.trust)).toEqual(['confident', 'confident'])
    expect(earlier.practice).toEqual([
      {
        questionId: earlier.questions[0]?.id,
        topic: 'How does a hash map handle collisions?',
        reason: 'asked-again',
      },
    ])
    const later = await sessionReview(caller, second)
    expect(later.practice.filter((item) => item.reason === 'asked-again')).toEqual([])
  })

  it('does not count another person asking the same question', async () => {
    const caller = callerFor()
    const other = callerFor()
    await Promise.all([grantPlan(test.runtime, caller.userId, 'pro'), grantPlan(test.runtime, other.userId, 'pro')])
    const first = await interview(caller, ['How does a hash map handle collisions?'])
    await interview(other, ['How does a hash map handle collisions?'])
    expect((await sessionReview(caller, first)).practice).toEqual([])
  })
})
