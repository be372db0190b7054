import { interviewEventDefinitions } from '#events/interviews/interview-session.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { StoredEvent } from '#events/store/types.ts'

/** The event as the interview views read it: an interview event of a session stream, about a person. */
export function sessionEvent(event: StoredEvent) {
  const userId = event.metadata.userId
  if (!userId || !event.streamId.startsWith('interview-') || !isEventOf(interviewEventDefinitions, event))
    return undefined
  return { userId, sessionId: event.streamId.slice('interview-'.length), event }
}
