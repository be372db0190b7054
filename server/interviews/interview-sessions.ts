import { randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import {
  abandonAfterMs,
  sessionMessages,
  interviewSessionCommands,
} from '#events/interviews/interview-session-decider.ts'
import type { SessionState } from '#events/interviews/interview-session.ts'
import { ensureKeyFor, keyFor, seal, unseal } from '#events/pii/pii-vault.ts'
import { ownerOf, ownerStreamOf } from '#events/users/owner-check.ts'
import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { gatedContext } from './context-gate.ts'
import { accessFrom, planAccess, type PlanAccess } from './plan-access.ts'

export const noActiveSession = 'No interview session is active. Start one with POST /interview/session/start.'

/**
 * Starts a session, taking one interview from the period's allowance, decided on the subscription
 * stream. One read (the subscription, the new session's stream, whether the person was erased)
 * and one write (decision 0071); sessions still holding a credit are first ended if abandoned.
 */
export async function startSession(
  scope: SignedInScope,
  input: { mode: 'voice' | 'text'; context?: InterviewContext | undefined },
) {
  const sessionId = randomUUID()
  const first = await decideStart(scope, input, sessionId, { endAbandonedFirst: true })
  if (!('activeSessions' in first)) return first
  await endAbandonedSessions(scope, first.activeSessions)
  const second = await decideStart(scope, input, sessionId, { endAbandonedFirst: false })
  if ('activeSessions' in second) throw new Error('a start decided after ending abandoned sessions decides')
  return second
}

/**
 * The start as one decision: the plan check, the interview credit and the session, on the state
 * read once. With `endAbandonedFirst`, sessions still holding a credit stop it before anything is
 * decided (status 'holding'): the caller ends the abandoned ones and decides again. The answer is
 * made inside the decision, from the context as given: nothing is read after the commit, so a
 * database lost right after it cannot turn a started session into a 503 (decision 0094).
 */
async function decideStart(
  scope: SignedInScope,
  input: { mode: 'voice' | 'text'; context?: InterviewContext | undefined },
  sessionId: string,
  { endAbandonedFirst }: { endAbandonedFirst: boolean },
): Promise<SessionView | { status: 'holding'; activeSessions: string[] }> {
  const { runtime, userId } = scope
  const subscription = subscriptionCommands.streamOf(userId)
  const reads = {
    streams: [subscription, interviewSessionCommands.streamOf(sessionId)],
    ownerStreams: [ownerStreamOf(userId)],
  }
  return runtime.store.decide(reads, async (unit) => {
    const now = runtime.clock.now()
    const state = subscriptionCommands.stateOf(await unit.loadStream(subscription.streamId, subscription.snapshotKey))
    const access = accessFrom(state, now)
    const context = gatedContext(access, input.context)
    if (endAbandonedFirst && access.state.activeSessions.length > 0)
      return { status: 'holding' as const, activeSessions: access.state.activeSessions }
    const owner = await ownerOf(unit, userId)
    await subscriptionCommands.handle(
      unit,
      userId,
      { type: 'UseInterviewCredit', owner, sessionId, now },
      scope.metadata(),
    )
    // The key is only needed to seal a context; an erased owner was refused just above.
    const sealedContext =
      Object.keys(context).length > 0
        ? seal(await ensureKeyFor(runtime.db, userId), userId, JSON.stringify(context))
        : null
    const { after } = await interviewSessionCommands.handle(
      unit,
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
    return sessionView(userId, after, Object.keys(context).length > 0 ? context : null)
  })
}

/** Ends a session; one with no question inside the grace period gives its interview back. */
export async function endSession(scope: SignedInScope, sessionId: string | undefined) {
  const id = sessionId ?? latestActiveSessionId(await planAccess(scope))
  if (!id) throw new DomainError('no-active-session', noActiveSession)
  return describeSession(scope, await end(scope, id, 'ended'))
}

/**
 * Ends the session and settles its interview credit in one decision (one read of both streams,
 * one write); answers the session's state after.
 */
async function end(scope: SignedInScope, sessionId: string, reason: 'ended' | 'abandoned') {
  const { runtime, userId } = scope
  const streams = [interviewSessionCommands.streamOf(sessionId), subscriptionCommands.streamOf(userId)]
  return runtime.store.decide({ streams }, async (unit) => {
    const { decided, after } = await interviewSessionCommands.handle(
      unit,
      sessionId,
      { type: 'End', userId, now: runtime.clock.now(), reason },
      scope.metadata(),
    )
    const ended = decided.find((event) => event.type === 'InterviewSessionEnded')
    if (ended?.type === 'InterviewSessionEnded') {
      await subscriptionCommands.handle(
        unit,
        userId,
        { type: 'SettleInterviewCredit', sessionId, counted: ended.data.counted, reason },
        scope.metadata(),
      )
    }
    return after
  })
}

async function endAbandonedSessions(scope: SignedInScope, activeSessions: string[]) {
  const now = scope.runtime.clock.now().getTime()
  for (const sessionId of activeSessions) {
    const { state } = await interviewSessionCommands.load(scope.runtime.store, sessionId)
    if (state.status === 'active' && now - state.lastActivityAt.getTime() > abandonAfterMs)
      await end(scope, sessionId, 'abandoned')
  }
}

/** The newest session still holding an interview credit. */
export function latestActiveSessionId(access: PlanAccess): string | undefined {
  return access.state.activeSessions.at(-1)
}

/** The session as the API shows it, from its state; the context comes back unsealed. */
export async function describeSession(scope: SignedInScope, session: SessionState): Promise<SessionView> {
  const { runtime, userId } = scope
  const contextText =
    session.status !== 'none' && session.userId === userId && session.context
      ? unseal(await keyFor(runtime.db, userId), userId, session.context)
      : undefined
  return sessionView(userId, session, contextText ? (JSON.parse(contextText) as InterviewContext) : null)
}

export type SessionView = ReturnType<typeof sessionView>

/** The session as the API shows it, with its context already unsealed; another person's is not found. */
function sessionView(userId: string, session: SessionState, context: InterviewContext | null) {
  if (session.status === 'none' || session.userId !== userId)
    throw new DomainError('not-found', sessionMessages.notFound)
  return {
    id: session.sessionId,
    mode: session.mode,
    status: session.status,
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt ? session.endedAt.toISOString() : null,
    questionsAsked: session.questionsAsked,
    counted: session.counted,
    context,
  }
}

export async function activeSession(scope: SignedInScope) {
  const id = latestActiveSessionId(await planAccess(scope))
  if (!id) return null
  const { state } = await interviewSessionCommands.load(scope.runtime.store, id)
  return describeSession(scope, state)
}
