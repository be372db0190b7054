import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import type { Selectable } from 'kysely'
import type {
  InterviewReviewQuestionsTable,
  InterviewReviewSessionsTable,
} from '#events/projections/interview-review-view.ts'
import { questionCategories, type QuestionCategory } from '#rules/question-category.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { answerTrust, weakSpotReason } from './answer-trust.ts'
import { askedAgainIn } from './asked-again.ts'
import { endedSessionOf, requireAnalytics } from './review-access.ts'

type QuestionRow = Selectable<InterviewReviewQuestionsTable>
type SessionRow = Selectable<InterviewReviewSessionsTable>

const iso = (date: Date | string) => new Date(date).toISOString()

function sessionPart(session: SessionRow) {
  return {
    id: session.session_id,
    mode: session.mode,
    startedAt: iso(session.started_at),
    endedAt: session.ended_at === null ? null : iso(session.ended_at),
    durationMs: session.duration_ms ?? 0,
    endReason: session.end_reason,
  }
}

/** The counts on top of a review: what anyone may see of their own session, whatever their plan. */
function summaryOf(questions: readonly QuestionRow[]) {
  const byCategory = Object.fromEntries(questionCategories.map((category) => [category, 0])) as Record<
    QuestionCategory,
    number
  >
  let lowConfidence = 0
  let abstained = 0
  let latency = 0
  const ratings: number[] = []
  for (const question of questions) {
    byCategory[question.category] += 1
    const trust = answerTrust(question)
    if (trust === 'low-confidence') lowConfidence += 1
    if (trust === 'abstained') abstained += 1
    latency += question.latency_ms
    if (question.rating !== null) ratings.push(question.rating)
  }
  return {
    questionCount: questions.length,
    byCategory,
    lowConfidence,
    abstained,
    averageLatencyMs: questions.length === 0 ? 0 : Math.round(latency / questions.length),
    rated: ratings.length,
    averageRating:
      ratings.length === 0
        ? null
        : Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10,
  }
}

async function questionsOf(scope: SignedInScope, sessionId: string) {
  return scope.runtime.db
    .selectFrom('interview_review_questions')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('user_id', '=', scope.userId)
    .orderBy('position')
    .execute()
}

/** The questions with their words, as the history view keeps them unsealed (null once erased). */
async function questionsWithWords(scope: SignedInScope, sessionId: string) {
  return scope.runtime.db
    .selectFrom('interview_review_questions as question')
    .leftJoin('interview_questions_view as words', 'words.question_id', 'question.question_id')
    .selectAll('question')
    .select(['words.question as question_text', 'words.answer as answer_text'])
    .where('question.session_id', '=', sessionId)
    .where('question.user_id', '=', scope.userId)
    .orderBy('question.position')
    .execute()
}

/** One ended session in full: every question in order with its answer, trust, timing and rating (Pro). */
export async function sessionReview(scope: SignedInScope, sessionId: string) {
  await requireAnalytics(scope)
  // Read side by side: a session that is not the person's, or still running, refuses before anything is shown.
  const [session, questions, askedAgain] = await Promise.all([
    endedSessionOf(scope, sessionId),
    questionsWithWords(scope, sessionId),
    askedAgainIn(scope, sessionId),
  ])
  // Only a rating's note is sealed here; the key is read when there is one to open.
  const key = questions.some((question) => question.rating_note_sealed !== null)
    ? await keyFor(scope.runtime.db, scope.userId)
    : undefined
  const open = (sealed: string | null) => (sealed === null ? null : (unseal(key, scope.userId, sealed) ?? null))
  const shown = questions.map((question, index) => ({
    id: question.question_id,
    number: index + 1,
    askedAt: iso(question.asked_at),
    mode: question.mode,
    category: question.category,
    question: question.question_text,
    answer: question.answer_text,
    confidence: question.confidence,
    source: question.answer_source,
    trust: answerTrust(question),
    latencyMs: question.latency_ms,
    rating: question.rating,
    note: open(question.rating_note_sealed),
    ratedAt: question.rated_at === null ? null : iso(question.rated_at),
  }))
  return {
    session: sessionPart(session),
    summary: summaryOf(questions),
    questions: shown,
    practice: questions.flatMap((row, index) => {
      const topic = shown[index]?.question
      if (!topic) return []
      const reason = weakSpotReason(row) ?? (askedAgain(topic) ? ('asked-again' as const) : null)
      return reason === null ? [] : [{ questionId: row.question_id, topic, reason }]
    }),
  }
}

/** What a review would hold, as counts with no words: shown to every plan, the full review being Pro's. */
export async function sessionReviewCounts(scope: SignedInScope, sessionId: string) {
  await viewsFresh(scope.runtime)
  const session = await endedSessionOf(scope, sessionId)
  return { session: sessionPart(session), summary: summaryOf(await questionsOf(scope, sessionId)) }
}

export type SessionReview = Awaited<ReturnType<typeof sessionReview>>
