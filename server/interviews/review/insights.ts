import { sql } from 'kysely'
import { questionCategories, type QuestionCategory } from '#rules/question-category.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { lowRatingAtMost, weakSpotReason } from './answer-trust.ts'
import { requireAnalytics } from './review-access.ts'

const dayMs = 86_400_000

/** The days the insights cover, both included, as UTC dates (YYYY-MM-DD). */
export type InsightsRange = { from: string; to: string }

type WeekRow = {
  week: string
  category: string
  questions: number
  confident: number
  rating_sum: number
  rated: number
}

const emptyCategories = () =>
  Object.fromEntries(questionCategories.map((category) => [category, 0])) as Record<QuestionCategory, number>

/**
 * The person's progress across ended interviews in a range, week by week (weeks start on Monday,
 * UTC): sessions, questions by group, the share answered confidently, their own ratings, and the
 * latest weak spots to practise (Pro).
 */
export async function interviewInsights(scope: SignedInScope, range: InsightsRange) {
  await requireAnalytics(scope)
  const { db } = scope.runtime
  const from = new Date(`${range.from}T00:00:00.000Z`)
  const until = new Date(new Date(`${range.to}T00:00:00.000Z`).getTime() + dayMs)
  const week = (column: string) =>
    sql<string>`to_char(date_trunc('week', ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD')`
  const [sessions, questions, weak] = await Promise.all([
    db
      .selectFrom('interview_review_sessions')
      .select((eb) => [week('started_at').as('week'), eb.fn.countAll<string>().as('sessions')])
      .where('user_id', '=', scope.userId)
      .where('status', '=', 'ended')
      .where('started_at', '>=', from)
      .where('started_at', '<', until)
      .groupBy('week')
      .execute(),
    sql<WeekRow>`
      select ${week('question.asked_at')} as week, question.category,
        count(*)::int as questions,
        count(*) filter (where coalesce(question.answer_source, '') <> 'framework'
          and (question.answer_source is not null or question.confidence is not null)
          and coalesce(question.confidence, 1) >= ${CONFIDENCE_THRESHOLD})::int as confident,
        coalesce(sum(question.rating), 0)::int as rating_sum,
        count(question.rating)::int as rated
      from interview_review_questions question
      join interview_review_sessions session on session.session_id = question.session_id and session.status = 'ended'
      where question.user_id = ${scope.userId} and question.asked_at >= ${from} and question.asked_at < ${until}
      group by 1, 2`.execute(db),
    db
      .selectFrom('interview_review_questions as question')
      .innerJoin('interview_review_sessions as session', (join) =>
        join.onRef('session.session_id', '=', 'question.session_id').on('session.status', '=', 'ended'),
      )
      .innerJoin('interview_questions_view as words', 'words.question_id', 'question.question_id')
      .select([
        'question.question_id',
        'question.session_id',
        'words.question',
        'question.answer_source',
        'question.confidence',
        'question.rating',
      ])
      .where('question.user_id', '=', scope.userId)
      .where('question.asked_at', '>=', from)
      .where('question.asked_at', '<', until)
      .where((eb) =>
        eb.or([
          eb('question.answer_source', '=', 'framework'),
          eb('question.confidence', '<', CONFIDENCE_THRESHOLD),
          eb('question.rating', '<=', lowRatingAtMost),
        ]),
      )
      .orderBy('question.asked_at', 'desc')
      .limit(10)
      .execute(),
  ])
  return { range, ...weekly(sessions, questions.rows), practice: practiceList(weak) }
}

function weekly(sessions: readonly { week: string; sessions: string }[], questions: readonly WeekRow[]) {
  type Week = {
    weekStart: string
    sessions: number
    questions: number
    confident: number
    byCategory: Record<QuestionCategory, number>
    ratingSum: number
    rated: number
  }
  const weeks = new Map<string, Week>()
  const weekOf = (weekStart: string) => {
    const existing = weeks.get(weekStart)
    if (existing) return existing
    const created: Week = {
      weekStart,
      sessions: 0,
      questions: 0,
      confident: 0,
      byCategory: emptyCategories(),
      ratingSum: 0,
      rated: 0,
    }
    weeks.set(weekStart, created)
    return created
  }
  for (const row of sessions) weekOf(row.week).sessions = Number(row.sessions)
  const byCategory = emptyCategories()
  for (const row of questions) {
    const entry = weekOf(row.week)
    const category = row.category as QuestionCategory
    entry.questions += row.questions
    entry.confident += row.confident
    entry.byCategory[category] += row.questions
    entry.ratingSum += row.rating_sum
    entry.rated += row.rated
    byCategory[category] += row.questions
  }
  const list = [...weeks.values()].toSorted((a, b) => a.weekStart.localeCompare(b.weekStart))
  const total = (pick: (week: Week) => number) => list.reduce((sum, week) => sum + pick(week), 0)
  const average = (sum: number, count: number) => (count === 0 ? null : Math.round((sum / count) * 10) / 10)
  const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000)
  return {
    totals: {
      sessions: total((week) => week.sessions),
      questions: total((week) => week.questions),
      confidentShare: share(
        total((week) => week.confident),
        total((week) => week.questions),
      ),
      averageRating: average(
        total((week) => week.ratingSum),
        total((week) => week.rated),
      ),
      byCategory,
    },
    weeks: list.map((week) => ({
      weekStart: week.weekStart,
      sessions: week.sessions,
      questions: week.questions,
      byCategory: week.byCategory,
      confidentShare: share(week.confident, week.questions),
      averageRating: average(week.ratingSum, week.rated),
    })),
  }
}

function practiceList(
  rows: readonly {
    question_id: string
    session_id: string
    question: string | null
    answer_source: string | null
    confidence: number | null
    rating: number | null
  }[],
) {
  return rows.flatMap((row) => {
    const reason = weakSpotReason(row)
    if (row.question === null || reason === null) return []
    return [{ questionId: row.question_id, sessionId: row.session_id, topic: row.question, reason }]
  })
}
