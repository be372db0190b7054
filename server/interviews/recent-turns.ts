import { viewsFresh } from '#server/views-fresh.ts'
import type { SignedInScope } from '#server/request-scope.ts'

/** How many earlier questions of a session a follow-up is read against. */
const TURNS = 3

/** The session's last few questions and answers, oldest first: the conversation a follow-up belongs to. */
export async function recentTurns(scope: SignedInScope, sessionId: string) {
  await viewsFresh(scope.runtime)
  const rows = await scope.runtime.db
    .selectFrom('interview_questions_view')
    .select(['question', 'answer'])
    .where('session_id', '=', sessionId)
    .where('user_id', '=', scope.userId)
    .orderBy('asked_at', 'desc')
    .limit(TURNS)
    .execute()
  return rows
    .flatMap((row) =>
      row.question !== null && row.answer !== null ? [{ question: row.question, answer: row.answer }] : [],
    )
    .reverse()
}
