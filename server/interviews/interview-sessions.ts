import { randomUUID } from 'node:crypto'
import { commandUnit, type CommandUnit } from '#events/store/command-handler.ts'
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
 * stream, in one unit of work (decision 0114): one locked read of the subscription, the new
 * session's stream and the owner fact, then the credit and the session. Sessions still holding a
 * credit are ended first, in the same unit, when they were abandoned. The answer is made inside the
 * unit, from the context as given: nothing is read after the commit, so a database lost right
 * after it cannot turn a started session into a 503 (decision 0094).
 */
export async function startSession(
  scope: SignedInScope,
  input: { mode: 'voice' | 'text'; context?: InterviewContext | undefined },
): Promise<SessionView> {
  const { runtime, userId } = scope
  const sessionId = randomUUID()
  return commandUnit(runtime.store, async (tx) => {
    await tx.readAhead({
      streams: [subscriptionCommands.streamOf(userId), interviewSessionCommands.streamOf(sessionId)],
      ownerStreams: [ownerStreamOf(userId)],
    })
    const now = runtime.clock.now()
    // The subscription is locked from here on: concurrent starts take turns, so a credit is spent once.
    const access = accessFrom((await subscriptionCommands.read(tx, userId)).state, now)
    const context = gatedContext(access, input.context)
    await endAbandonedSessions(scope, tx, access.state.activeSessions)
    const owner = await ownerOf(tx, userId)
    await subscriptionCommands.handle(
      tx,
      userId,
      { type: 'UseInterviewCredit', owner, sessionId, now },
      scope.metadata(),
    )
    // The key is only needed to seal a context; an erased owner was refused just above.
    const sealedContext =
      Object.keys(context).length > 0 ? seal(await ensureKeyFor(tx.db, userId), userId, JSON.stringify(context)) : null
    const { after } = await interviewSessionCommands.handle(
      tx,
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

/**
 * Ends a session, and settles its interview credit, in one unit of work: one locked read of both
 * streams; one with no question inside the grace period gives its interview back. The answer is
 * made inside the unit, as a start's is.
 */
export async function endSession(scope: SignedInScope, sessionId: string | undefined): Promise<SessionView> {
  const id = sessionId ?? latestActiveSessionId(await planAccess(scope))
  if (!id) throw new DomainError('no-active-session', noActiveSession)
  return commandUnit(scope.runtime.store, async (tx) => {
    await tx.readAhead({
      // The subscription before the session, the order a start takes them in.
      streams: [subscriptionCommands.streamOf(scope.userId), interviewSessionCommands.streamOf(id)],
    })
    return describeSession(scope, await end(scope, tx, id, 'ended'), tx.db)
  })
}

/** Ends the session and settles its interview credit inside `tx`; answers the session's state after. */
async function end(scope: SignedInScope, tx: CommandUnit, sessionId: string, reason: 'ended' | 'abandoned') {
  const { runtime, userId } = scope
  const { decided, after } = await interviewSessionCommands.handle(
    tx,
    sessionId,
    { type: 'End', userId, now: runtime.clock.now(), reason },
    scope.metadata(),
  )
  const ended = decided.find((event) => event.type === 'InterviewSessionEnded')
  if (ended?.type === 'InterviewSessionEnded') {
    await subscriptionCommands.handle(
      tx,
      userId,
      { type: 'SettleInterviewCredit', sessionId, counted: ended.data.counted, reason },
      scope.metadata(),
    )
  }
  return after
}

/** Ends, inside `tx`, each of `activeSessions` that was abandoned; a session still in use stays active. */
async function endAbandonedSessions(scope: SignedInScope, tx: CommandUnit, activeSessions: string[]) {
  const now = scope.runtime.clock.now().getTime()
  for (const sessionId of activeSessions) {
    const { state } = await interviewSessionCommands.read(tx, sessionId)
    if (state.status === 'active' && now - state.lastActivityAt.getTime() > abandonAfterMs)
      await end(scope, tx, sessionId, 'abandoned')
  }
}

/** The newest session still holding an interview credit. */
export function latestActiveSessionId(access: PlanAccess): string | undefined {
  return access.state.activeSessions.at(-1)
}

/**
 * The session as the API shows it, from its state; the context comes back unsealed, with the key
 * read through `executor` (a unit of work's, so that its answer needs nothing after the commit).
 */
export async function describeSession(
  scope: SignedInScope,
  session: SessionState,
  executor: Parameters<typeof keyFor>[0] = scope.runtime.db,
): Promise<SessionView> {
  const { userId } = scope
  const contextText =
    session.status !== 'none' && session.userId === userId && session.context
      ? unseal(await keyFor(executor, userId), userId, session.context)
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
