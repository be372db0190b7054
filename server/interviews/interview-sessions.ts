import { randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import {
  abandonAfterMs,
  interviewSessionAggregate,
  sessionMessages,
} from '#events/interviews/interview-session-decider.ts'
import type { SessionState } from '#events/interviews/interview-session.ts'
import { ensureKeyFor, keyFor, seal, unseal } from '#events/pii/pii-vault.ts'
import { handleCommand, loadAggregate } from '#events/store/command-handler.ts'
import { loadOwner } from '#events/users/load-owner.ts'
import { subscriptionAggregate } from '#events/subscriptions/subscription-decider.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { gatedContext } from './context-gate.ts'
import { planAccess, type PlanAccess } from './plan-access.ts'

export const noActiveSession = 'No interview session is active. Start one with POST /interview/session/start.'

/** Starts a session, taking one interview from the period's allowance, decided on the subscription stream. */
export async function startSession(
  scope: SignedInScope,
  input: { mode: 'voice' | 'text'; context?: InterviewContext | undefined },
) {
  const { runtime, userId } = scope
  const access = await planAccess(scope)
  const context = gatedContext(access, input.context)
  await endAbandonedSessions(scope, access.state.activeSessions)

  const sessionId = randomUUID()
  const started = await runtime.store.transaction(
    async (tx) => {
      const owner = await loadOwner(tx, userId)
      await handleCommand(
        tx,
        subscriptionAggregate,
        userId,
        { type: 'UseInterviewCredit', owner, sessionId, now: runtime.clock.now() },
        scope.metadata(),
      )
      // The key is only needed to seal a context; an erased owner was refused just above.
      const sealedContext =
        Object.keys(context).length > 0
          ? seal(await ensureKeyFor(tx.db, userId), userId, JSON.stringify(context))
          : null
      const { after } = await handleCommand(
        tx,
        interviewSessionAggregate,
        sessionId,
        {
          type: 'Start',
          owner,
          sessionId,
          userId,
          mode: input.mode,
          planType: access.planType === 'none' ? 'starter' : access.planType,
          context: sealedContext,
        },
        scope.metadata(),
      )
      return after
    },
    { retryOnConflict: true },
  )
  return describeSession(scope, started)
}

/** Ends a session; one with no question inside the grace period gives its interview back. */
export async function endSession(scope: SignedInScope, sessionId: string | undefined) {
  const id = sessionId ?? latestActiveSessionId(await planAccess(scope))
  if (!id) throw new DomainError('no-active-session', noActiveSession)
  return describeSession(scope, await end(scope, id, 'ended'))
}

/** Ends the session and settles its interview credit in one unit of work; answers the session's state after. */
async function end(scope: SignedInScope, sessionId: string, reason: 'ended' | 'abandoned') {
  const { runtime, userId } = scope
  return runtime.store.transaction(
    async (tx) => {
      const { decided, after } = await handleCommand(
        tx,
        interviewSessionAggregate,
        sessionId,
        { type: 'End', userId, now: runtime.clock.now(), reason },
        scope.metadata(),
      )
      const ended = decided.find((event) => event.type === 'InterviewSessionEnded')
      if (ended?.type === 'InterviewSessionEnded') {
        await handleCommand(
          tx,
          subscriptionAggregate,
          userId,
          { type: 'SettleInterviewCredit', sessionId, counted: ended.data.counted, reason },
          scope.metadata(),
        )
      }
      return after
    },
    { retryOnConflict: true },
  )
}

async function endAbandonedSessions(scope: SignedInScope, activeSessions: string[]) {
  const now = scope.runtime.clock.now().getTime()
  for (const sessionId of activeSessions) {
    const { state } = await loadAggregate(scope.runtime.store, interviewSessionAggregate, sessionId)
    if (state.status === 'active' && now - state.lastActivityAt.getTime() > abandonAfterMs)
      await end(scope, sessionId, 'abandoned')
  }
}

/** The newest session still holding an interview credit. */
export function latestActiveSessionId(access: PlanAccess): string | undefined {
  return access.state.activeSessions.at(-1)
}

/** The session as the API shows it, from its state; the context comes back unsealed. */
export async function describeSession(scope: SignedInScope, session: SessionState) {
  const { runtime, userId } = scope
  if (session.status === 'none' || session.userId !== userId)
    throw new DomainError('not-found', sessionMessages.notFound)
  const contextText = session.context ? unseal(await keyFor(runtime.db, userId), userId, session.context) : undefined
  return {
    id: session.sessionId,
    mode: session.mode,
    status: session.status,
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt ? session.endedAt.toISOString() : null,
    questionsAsked: session.questionsAsked,
    counted: session.counted,
    context: contextText ? (JSON.parse(contextText) as InterviewContext) : null,
  }
}

export async function activeSession(scope: SignedInScope) {
  const id = latestActiveSessionId(await planAccess(scope))
  if (!id) return null
  const { state } = await loadAggregate(scope.runtime.store, interviewSessionAggregate, id)
  return describeSession(scope, state)
}
