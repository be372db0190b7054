import { DomainError } from '#events/domain-error.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { requireFeature } from '../feature-gates.ts'
import { planAccess } from '../plan-access.ts'

export const reviewMessages = {
  notFound: 'Interview session not found',
  stillRunning: 'This interview is still running: its review opens once it ends.',
} as const

/** The person's plan must include interview analytics; the views are then read after their own last write. */
export async function requireAnalytics(scope: SignedInScope): Promise<void> {
  const [access] = await Promise.all([planAccess(scope), viewsFresh(scope.runtime)])
  requireFeature(access.features, access.planType, 'interviewAnalytics')
}

/** The person's own ended session as the review view holds it; another person's is not found. */
export async function endedSessionOf(scope: SignedInScope, sessionId: string) {
  const session = await scope.runtime.db
    .selectFrom('interview_review_sessions')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('user_id', '=', scope.userId)
    .executeTakeFirst()
  if (!session) throw new DomainError('not-found', reviewMessages.notFound)
  if (session.status !== 'ended')
    throw new DomainError('session-active', reviewMessages.stillRunning, { sessionId: session.session_id })
  return session
}
