import type { Kysely, Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { Aggregate } from './aggregate.ts'
import { isEventOf, type EventDefinition, type EventOf } from './event-definition.ts'
import type { EventStore, StoreTransaction } from './event-store.ts'
import type { EventMetadata, StoredEvent } from './types.ts'

/** An aggregate's state as its stream tells it, at the stream's version. */
export type LoadedAggregate<State, Event> = {
  state: State
  /** The stream's version: the position of its last event, 0 for a stream with none. */
  version: number
  events: (StoredEvent & Event)[]
}

/** What a command did: the state it was decided on, the events it appended, and the state after them. */
export type CommandResult<State, Event> = { before: State; decided: Event[]; after: State; version: number }

/** Reads a stream and folds it into the aggregate's state, outside any unit of work. */
export async function loadAggregate<State, Definitions extends readonly EventDefinition[], Command>(
  store: Pick<EventStore, 'readStream'>,
  aggregate: Aggregate<State, Definitions, Command>,
  id: string,
  executor?: Kysely<EventsDatabase> | Transaction<EventsDatabase>,
): Promise<LoadedAggregate<State, EventOf<Definitions[number]>>> {
  return fold(aggregate, await store.readStream(aggregate.streamId(id), executor ? { executor } : {}))
}

/**
 * Read, decide, append: decides the command on the state read inside the unit of work and
 * appends what it decided at the version it read. Reading locks the stream until the unit ends,
 * so concurrent commands on one stream (from any connection or instance) take turns, each
 * deciding on the state the previous one left: a limit holds exactly and nobody gets a conflict.
 * The version check on append stays as the guard against any writer that did not lock.
 */
export async function handleCommand<State, Definitions extends readonly EventDefinition[], Command>(
  tx: Pick<StoreTransaction, 'readStream' | 'append'>,
  aggregate: Aggregate<State, Definitions, Command>,
  id: string,
  command: Command,
  metadata: EventMetadata,
): Promise<CommandResult<State, EventOf<Definitions[number]>>> {
  const streamId = aggregate.streamId(id)
  const { state: before, version } = fold(aggregate, await tx.readStream(streamId))
  const decided = aggregate.decide(command, before)
  if (decided.length === 0) return { before, decided, after: before, version }
  const appended = await tx.append(streamId, version === 0 ? 'no_stream' : version, decided, metadata)
  const after = decided.reduce(
    (state, event) => aggregate.evolve(state, { ...event, createdAt: appended.createdAt }),
    before,
  )
  return { before, decided, after, version: appended.nextVersion }
}

function fold<State, Definitions extends readonly EventDefinition[], Command>(
  aggregate: Aggregate<State, Definitions, Command>,
  stored: StoredEvent[],
): LoadedAggregate<State, EventOf<Definitions[number]>> {
  // A type the aggregate no longer defines changes nothing; the version still counts it.
  const events = stored.filter((event) => isEventOf(aggregate.events, event))
  return {
    state: events.reduce(aggregate.evolve, aggregate.initialState),
    version: stored.at(-1)?.streamPosition ?? 0,
    events,
  }
}
