import { viewsFresh } from '#server/views-fresh.ts'
import type { SignedInScope } from '#server/request-scope.ts'

/** The person's past sessions, newest first, each with its questions and answers. */
export async function interviewHistory(scope: SignedInScope, page: { page: number; pageSize: number }) {
  const { db } = scope.runtime
  await viewsFresh(scope.runtime)
  const offset = (page.page - 1) * page.pageSize
  const [sessions, total] = await Promise.all([
    db
      .selectFrom('interview_sessions_view')
      .selectAll()
      .where('user_id', '=', scope.userId)
      .orderBy('started_at', 'desc')
      .limit(page.pageSize)
      .offset(offset)
      .execute(),
    db
      .selectFrom('interview_sessions_view')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', scope.userId)
      .executeTakeFirstOrThrow(),
  ])
  const ids = sessions.map((session) => session.session_id)
  const questions = ids.length
    ? await db
        .selectFrom('interview_questions_view')
        .selectAll()
        .where('session_id', 'in', ids)
        .where('user_id', '=', scope.userId)
        .orderBy('asked_at')
        .execute()
    : []
  return {
    page: page.page,
    pageSize: page.pageSize,
    total: total.n,
    sessions: sessions.map((session) => ({
      id: session.session_id,
      mode: session.mode,
      planType: session.plan_type,
      status: session.status,
      startedAt: new Date(session.started_at).toISOString(),
      endedAt: session.ended_at ? new Date(session.ended_at).toISOString() : null,
      endReason: session.end_reason,
      questionsAsked: session.questions_asked,
      counted: session.counted,
      questions: questions
        .filter((question) => question.session_id === session.session_id)
        .map((question) => ({
          id: question.question_id,
          source: question.source,
          question: question.question,
          answer: question.answer,
          transcript: question.transcript,
          contextUsed: question.context_used,
          provider: question.provider,
          model: question.model,
          latencyMs: question.latency_ms,
          totalTokens: question.total_tokens,
          askedAt: new Date(question.asked_at).toISOString(),
        })),
    })),
  }
}
