import { interviewSessionAggregate } from '#events/interviews/interview-session-decider.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import { handleCommand } from '#events/store/command-handler.ts'
import { loadOwner } from '#events/users/load-owner.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { requireAnalytics } from './review-access.ts'

/** The candidate's 1–5 verdict on one answer, with an optional note of their own (sealed); a later one replaces it. */
export async function rateAnswer(
  scope: SignedInScope,
  input: { sessionId: string; questionId: string; rating: number; note?: string | undefined },
) {
  await requireAnalytics(scope)
  const { runtime, userId } = scope
  const note = input.note?.trim() ? input.note.trim() : null
  await runtime.store.transaction(
    async (tx) => {
      const owner = await loadOwner(tx, userId)
      const key = note === null ? undefined : await ensureKeyFor(tx.db, userId)
      await handleCommand(
        tx,
        interviewSessionAggregate,
        input.sessionId,
        {
          type: 'RateAnswer',
          owner,
          userId,
          rated: {
            questionId: input.questionId,
            rating: input.rating,
            note: key === undefined || note === null ? null : seal(key, userId, note),
          },
        },
        scope.metadata(),
      )
    },
    { retryOnConflict: true },
  )
  return { sessionId: input.sessionId, questionId: input.questionId, rating: input.rating, note }
}
