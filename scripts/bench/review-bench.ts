// `node scripts/bench/review-bench.ts` runs this part alone; `npm run bench` runs it with the rest.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { ensureKeyFor } from '#events/pii/pii-vault.ts'
import { interviewInsights } from '#server/interviews/review/insights.ts'
import { sessionReview } from '#server/interviews/review/session-review.ts'
import { actingAs } from '#server/request-scope.ts'
import { createTestRuntime, grantPlan } from '#tests/support/test-runtime.ts'
import type { Figure } from './event-store-bench.ts'
import { medianTimeMs } from './median-time.ts'
import { printFigure } from './print-figures.ts'

const rounds = 30
const reviewQuestions = 200
const insightSessions = 500
const questionsPerSession = 10

/** The median time of `work` over `rounds` runs, in milliseconds. */
const median = (work: () => Promise<unknown>) => medianTimeMs(work, rounds)

/**
 * The Pro plan's review of one 200-question session and the insights over 500 ended sessions (5,000
 * questions), as the server answers them (plan check, rows, the later questions compared for topics
 * asked again, summary), each beside a bare SELECT of the same rows, on PostgreSQL. The rows are
 * written straight into the review's tables and the history view that holds the words.
 */
export async function benchReview(): Promise<Figure[]> {
  const test = await createTestRuntime('postgres')
  try {
    const { runtime } = test
    const userId = randomUUID()
    await grantPlan(runtime, userId, 'pro')
    await runtime.db.transaction().execute((trx) => ensureKeyFor(trx, userId))
    const started = new Date('2026-09-01T10:00:00Z').getTime()
    const sessionIds = Array.from({ length: insightSessions + 1 }, () => randomUUID())
    const categories = ['technical', 'system-design', 'behavioural', 'hr-salary', 'other'] as const
    await runtime.db
      .insertInto('interview_review_sessions')
      .values(
        sessionIds.map((sessionId, index) => ({
          session_id: sessionId,
          user_id: userId,
          mode: 'text',
          status: 'ended' as const,
          started_at: new Date(started + index * 3_600_000 * 4),
          ended_at: new Date(started + index * 3_600_000 * 4 + 1_800_000),
          duration_ms: 1_800_000,
          end_reason: 'ended',
          question_count: index === 0 ? reviewQuestions : questionsPerSession,
        })),
      )
      .execute()
    const questions = sessionIds.flatMap((sessionId, index) =>
      Array.from({ length: index === 0 ? reviewQuestions : questionsPerSession }, (_, position) => ({
        question_id: randomUUID(),
        session_id: sessionId,
        user_id: userId,
        position: position + 1,
        asked_at: new Date(started + index * 3_600_000 * 4 + position * 60_000),
        mode: 'text' as const,
        category: categories[position % categories.length] ?? 'other',
        confidence: (position % 10) / 10,
        answer_source: position % 7 === 0 ? ('framework' as const) : ('knowledge-base' as const),
        latency_ms: 40 + position,
        rating: position % 3 === 0 ? 1 + (position % 5) : null,
        rating_note_sealed: null,
        rated_at: null,
      })),
    )
    // The words, as the history view keeps them beside the review (unsealed once when recorded).
    const words = questions.map((question) => ({
      question_id: question.question_id,
      session_id: question.session_id,
      user_id: userId,
      source: 'text' as const,
      question: `How would you explain topic ${question.position} of session ${sessionIds.indexOf(question.session_id)}?`,
      answer: `A model answer of about two hundred characters. `.repeat(4),
      transcript: null,
      context_used: false,
      provider: 'offline',
      model: 'bench',
      latency_ms: question.latency_ms,
      total_tokens: 0,
      asked_at: question.asked_at,
    }))
    for (let from = 0; from < questions.length; from += 1_000) {
      await runtime.db
        .insertInto('interview_review_questions')
        .values(questions.slice(from, from + 1_000))
        .execute()
      await runtime.db
        .insertInto('interview_questions_view')
        .values(words.slice(from, from + 1_000))
        .execute()
    }
    await sql`analyze interview_review_questions`.execute(runtime.db)
    await sql`analyze interview_review_sessions`.execute(runtime.db)
    await sql`analyze interview_questions_view`.execute(runtime.db)

    const scope = actingAs({ runtime, requestId: 'bench', clientIp: '127.0.0.1' }, userId)
    const reviewed = sessionIds[0] ?? ''
    const bareReview = await median(() =>
      runtime.db
        .selectFrom('interview_review_questions as question')
        .leftJoin('interview_questions_view as words', 'words.question_id', 'question.question_id')
        .selectAll('question')
        .select(['words.question', 'words.answer'])
        .where('question.session_id', '=', reviewed)
        .where('question.user_id', '=', userId)
        .orderBy('question.position')
        .execute(),
    )
    const review = await median(() => sessionReview(scope, reviewed))
    const range = { from: '2026-09-01', to: '2026-12-31' }
    const bareInsights = await median(() =>
      runtime.db
        .selectFrom('interview_review_questions')
        .select(['asked_at', 'category', 'confidence', 'answer_source', 'rating'])
        .where('user_id', '=', userId)
        .where('asked_at', '>=', new Date(`${range.from}T00:00:00Z`))
        .where('asked_at', '<', new Date('2027-01-01T00:00:00Z'))
        .execute(),
    )
    const insights = await median(() => interviewInsights(scope, range))
    const counted = await interviewInsights(scope, range)
    return [
      { name: 'bare SELECT of a 200-question session', value: bareReview * 1000, unit: 'µs median' },
      {
        name: 'review of a 200-question session',
        value: review * 1000,
        unit: 'µs median',
        note: `${(review / bareReview).toFixed(1)}× the bare SELECT; goal under 100 ms`,
      },
      {
        name: `bare SELECT of ${insightSessions} sessions' questions`,
        value: bareInsights * 1000,
        unit: 'µs median',
      },
      {
        name: `insights over ${counted.totals.sessions} sessions`,
        value: insights * 1000,
        unit: 'µs median',
        note: `${counted.totals.questions} questions, ${(insights / bareInsights).toFixed(1)}× the bare SELECT; goal under 200 ms`,
      },
    ]
  } finally {
    await test.close()
  }
}

if (import.meta.main) for (const figure of await benchReview()) printFigure(figure)
