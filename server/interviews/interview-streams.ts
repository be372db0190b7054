import type { EventMetadata, StoredEvent } from '#events/store/types.ts'
import type { EventStore, StoreTransaction } from '#events/store/event-store.ts'
import { decideSession, type SessionCommand } from '#events/interviews/interview-session-decider.ts'
import {
  evolveSession,
  initialSessionState,
  interviewStreamId,
  type InterviewEvent,
} from '#events/interviews/interview-session.ts'

type Executor = StoreTransaction['db']

export async function loadSession(store: EventStore, sessionId: string, executor?: Executor) {
  const events = (await store.readStream(interviewStreamId(sessionId), executor ? { executor } : {})) as (StoredEvent &
    InterviewEvent)[]
  return { state: events.reduce(evolveSession, initialSessionState), version: events.at(-1)?.streamPosition ?? 0 }
}

export async function handleSessionCommand(
  tx: StoreTransaction,
  store: EventStore,
  sessionId: string,
  command: SessionCommand,
  metadata: EventMetadata,
) {
  const { state, version } = await loadSession(store, sessionId, tx.db)
  const decided = decideSession(command, state)
  if (decided.length > 0)
    await tx.append(interviewStreamId(sessionId), version === 0 ? 'no_stream' : version, decided, metadata)
  return { before: state, decided }
}

export { retryOnConflict } from '#events/store/retry-on-conflict.ts'
