import type { Kysely, Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { Aggregate } from './aggregate.ts'
import { isEventOf, type EventDefinition, type EventOf } from './event-definition.ts'
import type { EventStore, LoadedStream, StoreTransaction } from './event-store.ts'
import type { StreamToRead } from './stream-batch.ts'
import type { AppendResult, EventMetadata, StoredEvent } from './types.ts'

/** A snapshot is written once this many events follow the last one: one small write per so many. */
const snapshotEvery = 25

/** An aggregate's state as its stream tells it, at the stream's version. */
export type LoadedAggregate<State, Event> = {
  state: State
  /** The stream's version: the position of its last event, 0 for a stream with none. */
  version: number
  /** The events folded: those after the snapshot when the aggregate keeps snapshots. */
  events: (StoredEvent & Event)[]
}

/** What a command did: the state it was decided on, the events it appended, and the state after them. */
export type CommandResult<State, Event> = { before: State; decided: Event[]; after: State; version: number }

/**
 * Where a command reads and appends: a unit of work (its reads locked) or a decision (its reads
 * unlocked, its appends written together and checked then, decision 0071).
 */
type CommandUnit = Pick<StoreTransaction, 'readStream'> &
  Partial<Pick<StoreTransaction, 'loadStream' | 'saveSnapshot'>> & {
    append: (
      ...args: Parameters<StoreTransaction['append']>
    ) => Promise<Pick<AppendResult, 'nextVersion' | 'createdAt'>>
  }

/** The stream an aggregate keeps `id` in, as a decision names what it reads (with the snapshot key). */
export function streamOf<State, Definitions extends readonly EventDefinition[], Command>(
  aggregate: Aggregate<State, Definitions, Command>,
  id: string,
): StreamToRead {
  return { streamId: aggregate.streamId(id), snapshotKey: aggregate.snapshot?.key }
}

/** Reads a stream and folds it into the aggregate's state, outside any unit of work. */
export async function loadAggregate<State, Definitions extends readonly EventDefinition[], Command>(
  store: Pick<EventStore, 'readStream'> & Partial<Pick<EventStore, 'loadStream' | 'saveSnapshot'>>,
  aggregate: Aggregate<State, Definitions, Command>,
  id: string,
  executor?: Kysely<EventsDatabase> | Transaction<EventsDatabase>,
): Promise<LoadedAggregate<State, EventOf<Definitions[number]>>> {
  const streamId = aggregate.streamId(id)
  const { snapshot } = aggregate
  if (!snapshot || !store.loadStream || !store.saveSnapshot) {
    return fold(aggregate, {
      snapshot: undefined,
      events: await store.readStream(streamId, executor ? { executor } : {}),
    })
  }
  const loaded = fold(aggregate, await store.loadStream(streamId, { snapshotKey: snapshot.key, executor }))
  if (loaded.tail >= snapshotEvery)
    await store.saveSnapshot(streamId, snapshot.key, loaded.version, loaded.state, executor)
  return loaded
}

/**
 * Read, decide, append: decides the command on the state read inside the unit of work and
 * appends what it decided at the version it read. Reading locks the stream until the unit ends,
 * so concurrent commands on one stream (from any connection or instance) take turns, each
 * deciding on the state the previous one left: a limit holds exactly and nobody gets a conflict.
 * The version check on append stays as the guard against any writer that did not lock.
 */
export async function handleCommand<State, Definitions extends readonly EventDefinition[], Command>(
  tx: CommandUnit,
  aggregate: Aggregate<State, Definitions, Command>,
  id: string,
  command: Command,
  metadata: EventMetadata,
): Promise<CommandResult<State, EventOf<Definitions[number]>>> {
  const streamId = aggregate.streamId(id)
  const { snapshot } = aggregate
  const loaded = fold(
    aggregate,
    snapshot && tx.loadStream
      ? await tx.loadStream(streamId, snapshot.key)
      : { snapshot: undefined, events: await tx.readStream(streamId) },
  )
  const { state: before, version } = loaded
  // The state before the command is the one folded from stored events, so it is what any later fold finds.
  if (snapshot && tx.saveSnapshot && loaded.tail >= snapshotEvery)
    await tx.saveSnapshot(streamId, snapshot.key, version, before)
  const decided = aggregate.decide(command, before)
  if (decided.length === 0) return { before, decided, after: before, version }
  const appended = await tx.append(streamId, version === 0 ? 'no_stream' : version, decided, metadata)
  const after = decided.reduce(
    (state, event) => aggregate.evolve(state, { ...event, createdAt: appended.createdAt }),
    before,
  )
  return { before, decided, after, version: appended.nextVersion }
}

/** The state a stream read by a decision folds to (what `handleCommand` on it decides on). */
export function foldStream<State, Definitions extends readonly EventDefinition[], Command>(
  aggregate: Aggregate<State, Definitions, Command>,
  loaded: LoadedStream,
): State {
  return fold(aggregate, loaded).state
}

function fold<State, Definitions extends readonly EventDefinition[], Command>(
  aggregate: Aggregate<State, Definitions, Command>,
  { snapshot, events: stored }: LoadedStream,
): LoadedAggregate<State, EventOf<Definitions[number]>> & { tail: number } {
  // A type the aggregate no longer defines changes nothing; the version still counts it.
  const events = stored.filter((event) => isEventOf(aggregate.events, event))
  const from = snapshot && aggregate.snapshot ? aggregate.snapshot.state.parse(snapshot.state) : aggregate.initialState
  return {
    state: events.reduce(aggregate.evolve, from),
    version: stored.at(-1)?.streamPosition ?? snapshot?.version ?? 0,
    events,
    tail: stored.length,
  }
}
