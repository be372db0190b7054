import type { z } from 'zod'
import type { EventDefinition, EventOf } from './event-definition.ts'

/** An event as `evolve` sees it: its type and data, and when it was recorded. */
type RecordedEvent<Event> = Event & { createdAt: Date }

/**
 * One consistency boundary, written as a decider: the event types its stream holds, how the
 * stream is named, the state before any event, how each event changes the state, and which
 * events a command decides on a state. `decide` is pure; it refuses by throwing a DomainError.
 */
export type Aggregate<State, Definitions extends readonly EventDefinition[], Command> = {
  events: Definitions
  streamId: (id: string) => string
  initialState: State
  evolve: (state: State, event: RecordedEvent<EventOf<Definitions[number]>>) => State
  decide: (command: Command, state: State) => EventOf<Definitions[number]>[]
  /**
   * Keeps the folded state of a long stream so commands and reads fold only the events after it.
   * `key` names the aggregate and its decider version: change it whenever `evolve`, the state's
   * shape or an upcaster of its events changes, and every older snapshot is ignored. `state` parses
   * a stored snapshot back (it must only hold JSON values).
   */
  snapshot?: { key: string; state: z.ZodType<State> }
}
