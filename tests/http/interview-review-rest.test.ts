/**
 * The Pro plan's interview analytics over REST, as the desktop app reads them: an ended session's
 * review with every question, answer, confidence and timing, the candidate's ratings, and the
 * insights across sessions; every lower plan is refused with `feature_not_in_plan`.
 */
import { beforeAll, describe, expect, it, inject } from 'vitest'
import { pdfText } from '#tests/support/invoices.ts'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'

const baseUrl = inject('baseUrl')
const ip = testClientIp()
const api = restClient(baseUrl, { ip })

type Review = {
  session: { id: string; durationMs: number; endedAt: string | null }
  summary: { questionCount: number; byCategory: Record<string, number>; rated: number; averageRating: number | null }
  questions: {
    id: string
    number: number
    mode: string
    category: string
    question: string | null
    answer: string | null
    confidence: number | null
    source: string | null
    latencyMs: number
    rating: number | null
    note: string | null
  }[]
}

/** A session with a typed, a generated and a salary question, ended. */
async function endedSession(token: string) {
  const { id } = dataOf<{ id: string }>(await api('POST', '/interview/session/start', { token, body: {} }))
  const asked = [
    { question: 'How does a hash map handle collisions?' },
    { question: 'What is a closure in JavaScript?', generated: true },
    { question: 'What are your salary expectations?' },
  ]
  for (const body of asked)
    dataOf(await api('POST', '/interview/question', { token, body: { ...body, sessionId: id } }))
  return id
}

describe('interview review and insights over REST', () => {
  let pro = ''
  let starter = ''

  beforeAll(async () => {
    ;[pro, starter] = await Promise.all([
      restCustomer(baseUrl, ip, 'pro').then((person) => person.accessToken),
      restCustomer(baseUrl, ip, 'starter').then((person) => person.accessToken),
    ])
  })

  it('reviews an ended session question by question, takes a rating and shows it, and refuses a running one', async () => {
    const { id } = dataOf<{ id: string }>(await api('POST', '/interview/session/start', { token: pro, body: {} }))
    const running = await api('GET', `/interview/sessions/${id}/review`, { token: pro })
    expect(running.status).toBe(409)
    expect(running.body).toMatchObject({ success: false, code: 'session_active', details: { sessionId: id } })
    dataOf(await api('POST', '/interview/session/end', { token: pro, body: { sessionId: id } }))

    const sessionId = await endedSession(pro)
    dataOf(await api('POST', '/interview/session/end', { token: pro, body: { sessionId } }))
    const review = dataOf<Review>(await api('GET', `/interview/sessions/${sessionId}/review`, { token: pro }))
    expect(review.session.id).toBe(sessionId)
    expect(review.session.endedAt).not.toBeNull()
    expect(review.summary).toMatchObject({ questionCount: 3, rated: 0, averageRating: null })
    expect(review.summary.byCategory).toMatchObject({ technical: 2, 'hr-salary': 1 })
    expect(
      review.questions.map((question) => [question.number, question.mode, question.category, question.question]),
    ).toEqual([
      [1, 'text', 'technical', 'How does a hash map handle collisions?'],
      [2, 'generated', 'technical', 'What is a closure in JavaScript?'],
      [3, 'text', 'hr-salary', 'What are your salary expectations?'],
    ])
    for (const question of review.questions) {
      expect(question.answer).toEqual(expect.any(String))
      expect(question.source).toEqual(expect.stringMatching(/^(knowledge-base|framework)$/))
      expect(question.confidence).toEqual(expect.any(Number))
      expect(question.latencyMs).toBeGreaterThanOrEqual(0)
    }

    const first = review.questions[0]?.id ?? ''
    const rated = dataOf(
      await api('POST', `/interview/sessions/${sessionId}/questions/${first}/rating`, {
        token: pro,
        body: { rating: 2, note: '  Needs an example  ' },
      }),
    )
    expect(rated).toEqual({ sessionId, questionId: first, rating: 2, note: 'Needs an example' })
    dataOf(
      await api('POST', `/interview/sessions/${sessionId}/questions/${first}/rating`, {
        token: pro,
        body: { rating: 4 },
      }),
    )
    const after = dataOf<Review>(await api('GET', `/interview/sessions/${sessionId}/review`, { token: pro }))
    expect(after.questions[0]).toMatchObject({ rating: 4, note: null })
    expect(after.summary).toMatchObject({ rated: 1, averageRating: 4 })

    const insights = dataOf<{
      totals: { sessions: number; questions: number; averageRating: number | null }
      weeks: { sessions: number }[]
    }>(await api('GET', '/interview/insights', { token: pro }))
    expect(insights.totals).toMatchObject({ sessions: 2, questions: 3, averageRating: 4 })
    expect(insights.weeks.reduce((sum, week) => sum + week.sessions, 0)).toBe(2)
  })

  it('refuses bad input and another person’s session with a stable code, writing nothing', async () => {
    const sessionId = await endedSession(pro)
    dataOf(await api('POST', '/interview/session/end', { token: pro, body: { sessionId } }))
    const badRating = await api('POST', `/interview/sessions/${sessionId}/questions/${sessionId}/rating`, {
      token: pro,
      body: { rating: 7 },
    })
    expect(badRating.status).toBe(400)
    expect(badRating.body).toMatchObject({ code: 'invalid_request' })
    const unknownQuestion = await api('POST', `/interview/sessions/${sessionId}/questions/${sessionId}/rating`, {
      token: pro,
      body: { rating: 3 },
    })
    expect(unknownQuestion.status).toBe(404)
    expect(unknownQuestion.body).toMatchObject({
      code: 'not_found',
      error: 'There is no such question in this interview session',
    })
    const backwards = await api('GET', '/interview/insights?from=2026-11-30&to=2026-11-01', { token: pro })
    expect(backwards.status).toBe(400)
    expect(backwards.body).toMatchObject({ code: 'invalid_request' })

    const other = await restCustomer(baseUrl, ip, 'pro')
    const foreign = await api('GET', `/interview/sessions/${sessionId}/review`, { token: other.accessToken })
    expect(foreign.status).toBe(404)
    expect(foreign.body).toMatchObject({ code: 'not_found' })
    const review = dataOf<Review>(await api('GET', `/interview/sessions/${sessionId}/review`, { token: pro }))
    expect(review.summary.rated).toBe(0)
  })

  it('answers 403 feature_not_in_plan to a Starter plan, which still sees the counts in the browser', async () => {
    const sessionId = await endedSession(starter)
    dataOf(await api('POST', '/interview/session/end', { token: starter, body: { sessionId } }))
    for (const path of [
      `/interview/sessions/${sessionId}/review`,
      `/interview/sessions/${sessionId}/review/pdf`,
      `/interview/sessions/${sessionId}/review/csv`,
      '/interview/insights',
    ]) {
      const refused = await api('GET', path, { token: starter })
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ success: false, code: 'feature_not_in_plan' })
      expect(refused.body.success ? '' : refused.body.error).toContain('Interview analytics')
    }
    const response = await fetch(
      `${baseUrl}/api/trpc/interviews.sessionReviewCounts?input=${encodeURIComponent(JSON.stringify({ id: sessionId }))}`,
      { headers: { authorization: `Bearer ${starter}`, 'x-forwarded-for': ip } },
    )
    const counts = ((await response.json()) as { result: { data: { summary: Record<string, unknown> } } }).result.data
    expect(counts.summary).toMatchObject({ questionCount: 3, byCategory: { technical: 2, 'hr-salary': 1 } })
    expect(JSON.stringify(counts)).not.toContain('hash map')
  })

  it('downloads an ended session’s review as a PDF and its questions as CSV, refusing a running session', async () => {
    const sessionId = await endedSession(pro)
    const download = (format: 'pdf' | 'csv', id = sessionId) =>
      fetch(`${baseUrl}/api/interview/sessions/${id}/review/${format}`, {
        headers: { authorization: `Bearer ${pro}`, 'x-forwarded-for': ip },
      })
    const running = await download('pdf')
    expect(running.status).toBe(409)
    expect(await running.json()).toMatchObject({ success: false, code: 'session_active' })
    dataOf(await api('POST', '/interview/session/end', { token: pro, body: { sessionId } }))

    const pdf = await download('pdf')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="interview-review-[\d-]+-[0-9a-f]{8}\.pdf"$/,
    )
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain('1. How does a hash map handle collisions?')
    expect(text).toContain('Generated practice question · Technical topics')

    const csv = await download('csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = (await csv.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'number,asked_at,mode,category,question,answer,confidence,source,trust,latency_ms,rating,note',
    )
    expect(lines.filter((line) => /^\d+,\d{4}-/.test(line)).map((line) => line.split(',').slice(0, 5))).toEqual([
      ['1', expect.any(String), 'Typed', 'Technical topics', 'How does a hash map handle collisions?'],
      ['2', expect.any(String), 'Generated practice question', 'Technical topics', 'What is a closure in JavaScript?'],
      ['3', expect.any(String), 'Typed', 'HR and salary', 'What are your salary expectations?'],
    ])

    const bad = await download('csv', 'not-a-session')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'invalid_request' })
  })
})
