import { interviewSessionCommands } from '#events/interviews/interview-session-decider.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { ownerOf, ownerStreamOf } from '#events/users/owner-check.ts'
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
  await commandUnit(runtime.store, async (tx) => {
    // The person's stream before the session's, the order every unit takes them in.
    await tx.readAhead({
      streams: [interviewSessionCommands.streamOf(input.sessionId)],
      ownerStreams: [ownerStreamOf(userId)],
    })
    return interviewSessionCommands.handleWith(tx, input.sessionId, async () => {
      const owner = await ownerOf(tx, userId)
      const key = note === null ? undefined : await ensureKeyFor(tx.db, userId)
      return {
        command: {
          type: 'RateAnswer',
          owner,
          userId,
          rated: {
            questionId: input.questionId,
            rating: input.rating,
            note: key === undefined || note === null ? null : seal(key, userId, note),
          },
        },
        metadata: scope.metadata(),
      }
    })
  })
  return { sessionId: input.sessionId, questionId: input.questionId, rating: input.rating, note }
}
