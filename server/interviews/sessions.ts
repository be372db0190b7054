import { randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import { abandonAfterMs } from '#events/interviews/interview-session-decider.ts'
import { ensureKeyFor, keyFor, seal, unseal } from '#events/pii/pii-vault.ts'
import type { EventMetadata } from '#events/store/types.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { handleSubscriptionCommand } from '#server/payments/record-payment.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { requireFeature } from './feature-gates.ts'
import { handleSessionCommand, loadSession, retryOnConflict } from './interview-streams.ts'
import { planAccess } from './plan-access.ts'

export type Caller = { runtime: Runtime; userId: string; metadata: EventMetadata }

export const noActiveSession = 'No interview session is active. Start one with POST /interview/session/start.'

const hasContext = (context: InterviewContext | undefined): context is InterviewContext =>
  context !== undefined && Object.values(context).some((value) => typeof value === 'string' && value.trim() !== '')

/** Starts a session, taking one interview from the period's allowance, decided on the subscription stream. */
export async function startSession(
  caller: Caller,
  input: { mode: 'voice' | 'text'; context?: InterviewContext | undefined },
) {
  const { runtime, userId, metadata } = caller
  const access = await planAccess(runtime, userId)
  if (hasContext(input.context)) requireFeature(access.features, access.planType, 'contextConfiguration')
  await endAbandonedSessions(caller, access.state.activeSessions)

  const sessionId = randomUUID()
  await retryOnConflict(() =>
    runtime.store.transaction(async (tx) => {
      await handleSubscriptionCommand(
        tx,
        runtime.store,
        userId,
        { type: 'UseInterviewCredit', sessionId, now: runtime.clock.now() },
        metadata,
      )
      const key = await ensureKeyFor(tx.db, userId)
      await handleSessionCommand(
        tx,
        runtime.store,
        sessionId,
        {
          type: 'Start',
          sessionId,
          userId,
          mode: input.mode,
          planType: access.planType === 'none' ? 'starter' : access.planType,
          context: hasContext(input.context) ? seal(key, userId, JSON.stringify(input.context)) : null,
        },
        metadata,
      )
    }),
  )
  return describeSession(caller, sessionId)
}

/** Ends a session; one with no question inside the grace period gives its interview back. */
export async function endSession(
  caller: Caller,
  sessionId: string | undefined,
  reason: 'ended' | 'abandoned' = 'ended',
) {
  const { runtime, userId, metadata } = caller
  const id = sessionId ?? (await latestActiveSessionId(caller))
  if (!id) throw new DomainError('no-active-session', noActiveSession)
  await retryOnConflict(() =>
    runtime.store.transaction(async (tx) => {
      const { decided } = await handleSessionCommand(
        tx,
        runtime.store,
        id,
        { type: 'End', userId, now: runtime.clock.now(), reason },
        metadata,
      )
      const ended = decided.find((event) => event.type === 'InterviewSessionEnded')
      if (ended?.type === 'InterviewSessionEnded') {
        await handleSubscriptionCommand(
          tx,
          runtime.store,
          userId,
          { type: 'SettleInterviewCredit', sessionId: id, counted: ended.data.counted, reason },
          metadata,
        )
      }
    }),
  )
  return describeSession(caller, id)
}

async function endAbandonedSessions(caller: Caller, activeSessions: string[]) {
  const now = caller.runtime.clock.now().getTime()
  for (const sessionId of activeSessions) {
    const { state } = await loadSession(caller.runtime.store, sessionId)
    if (state.status === 'active' && now - state.lastActivityAt.getTime() > abandonAfterMs)
      await endSession(caller, sessionId, 'abandoned')
  }
}

export async function latestActiveSessionId(caller: Caller): Promise<string | undefined> {
  const access = await planAccess(caller.runtime, caller.userId)
  return access.state.activeSessions.at(-1)
}

/** The session as the API shows it, from its own stream; the context comes back unsealed. */
export async function describeSession(caller: Caller, sessionId: string) {
  const { runtime, userId } = caller
  const events = await runtime.store.readStream(`interview-${sessionId}`)
  const started = events.find((event) => event.type === 'InterviewSessionStarted')
  if (started?.metadata.userId !== userId) throw new DomainError('not-found', 'Interview session not found')
  const ended = events.find((event) => event.type === 'InterviewSessionEnded')
  const sealedContext = typeof started.data.context === 'string' ? started.data.context : null
  const contextText = sealedContext ? unseal(await keyFor(runtime.db, userId), userId, sealedContext) : undefined
  return {
    id: sessionId,
    mode: started.data.mode === 'voice' ? ('voice' as const) : ('text' as const),
    status: ended ? ('ended' as const) : ('active' as const),
    startedAt: started.createdAt.toISOString(),
    endedAt: ended ? ended.createdAt.toISOString() : null,
    questionsAsked: events.filter((event) => event.type === 'InterviewAsked').length,
    counted: ended ? Boolean(ended.data.counted) : null,
    context: contextText ? (JSON.parse(contextText) as InterviewContext) : null,
  }
}

export async function activeSession(caller: Caller) {
  const id = await latestActiveSessionId(caller)
  return id ? describeSession(caller, id) : null
}
