import type { EventsDatabase } from '#events/database.ts'
import type { Aggregate } from './aggregate.ts'
import { isEventOf, type EventDefinition, type EventOf } from './event-definition.ts'
import type { Executor } from './event-rows.ts'
import type { EventStore, StoreTransaction } from './event-store.ts'
import type { LoadedStream, StreamToRead } from './read-streams.ts'
import { retryTransient } from './retry-transient.ts'
import type { EventMetadata, StoredEvent } from './types.ts'

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
export type CommandResult<State, Event> = {
  before: State
  decided: Event[]
  after: State
  version: number
  /** The events the command was decided on (see `LoadedAggregate`). */
  events: (StoredEvent & Event)[]
}

/** Where a command reads (locked) and appends: a unit of work, the one way to write (decision 0114). */
export type CommandUnit = Pick<StoreTransaction, 'readStream' | 'loadStream' | 'saveSnapshot' | 'append' | 'erased'>

/** The command to decide and the metadata of what it appends, from the state the handler read in `unit`. */
type IntentOf<Command, Loaded, Unit> = (
  loaded: Loaded,
  unit: Unit,
) => { command: Command; metadata: EventMetadata } | Promise<{ command: Command; metadata: EventMetadata }>

type Reader = Pick<EventStore, 'readStream'> & Partial<Pick<EventStore, 'loadStream' | 'saveSnapshot'>>

/**
 * A unit of work that runs commands: run again, on fresh locked reads, when the database rolls it
 * back for a deadlock or when an append finds its stream moved by a writer that did not lock.
 * `work` must do nothing else that cannot be repeated. The one retry policy of the write side.
 *
 * Every unit takes a person's locks in one order: an order's stream (a payment learns the person
 * from it), then the person's own stream (the owner fact's shared lock, or the exclusive one of a
 * command on it), then their subscription, then a session or an invoice. Units on one person then
 * wait for each other in a line, never in a circle, which PostgreSQL would break only after a
 * second. `readAhead` takes the owner fact's lock before the streams', in the order they are named;
 * a unit that asks the owner after reading a stream reads that stream with `readAhead` first.
 */
export function commandUnit<Tables extends EventsDatabase, T>(
  store: Pick<EventStore<Tables>, 'transaction'>,
  work: (tx: StoreTransaction<Tables>) => Promise<T>,
): Promise<T> {
  return retryTransient(() => store.transaction(work), { onConflict: true })
}

/**
 * The command handler of one aggregate, bound once to its decider, its stream naming and
 * `commandUnit`'s retry: read the stream, decide, append at the version read. `handle` runs a
 * command inside a unit another command opened; `run` opens its own.
 */
export function commandHandler<State, Definitions extends readonly EventDefinition[], Command>(
  aggregate: Aggregate<State, Definitions, Command>,
) {
  type Event = EventOf<Definitions[number]>
  type Loaded = LoadedAggregate<State, Event>
  type Result = CommandResult<State, Event>

  /** The stream this aggregate keeps `id` in, with its snapshot key, as a unit's `readAhead` names it. */
  function streamOf(id: string): StreamToRead {
    return { streamId: aggregate.streamId(id), snapshotKey: aggregate.snapshot?.key }
  }

  /** Reads the stream and folds it, outside any unit of work (a query, not a decision). */
  async function load(store: Reader, id: string, executor?: Executor): Promise<Loaded> {
    const streamId = aggregate.streamId(id)
    const { snapshot } = aggregate
    if (!snapshot || !store.loadStream || !store.saveSnapshot) {
      return fold({ snapshot: undefined, events: await store.readStream(streamId, executor ? { executor } : {}) })
    }
    const loaded = fold(await store.loadStream(streamId, { snapshotKey: snapshot.key, executor }))
    if (loaded.tail >= snapshotEvery)
      await store.saveSnapshot(streamId, snapshot.key, loaded.version, loaded.state, executor)
    return loaded
  }

  /**
   * The stream read in `unit` (locked until the unit ends) and folded: what `handle` decides on
   * there, for a command whose checks come before the decision (a plan check, a gate).
   */
  async function read(unit: CommandUnit, id: string): Promise<Loaded> {
    const streamId = aggregate.streamId(id)
    const { snapshot } = aggregate
    const { tail, ...loaded } = fold(
      snapshot
        ? await unit.loadStream(streamId, snapshot.key)
        : { snapshot: undefined, events: await unit.readStream(streamId) },
    )
    // The state before the command is the one folded from stored events, so it is what any later fold finds.
    if (snapshot && tail >= snapshotEvery) await unit.saveSnapshot(streamId, snapshot.key, loaded.version, loaded.state)
    return loaded
  }

  /**
   * Read, decide, append inside `unit`: decides the command on the state read there and appends
   * what it decided at the version read. The read locks the stream until the unit ends, so
   * concurrent commands on one stream take turns, each deciding on the state the
   * previous one left: a limit holds exactly and nobody gets a conflict. The version check on
   * append stays as the guard against any writer that did not lock.
   */
  async function handle(unit: CommandUnit, id: string, command: Command, metadata: EventMetadata): Promise<Result> {
    return handleWith(unit, id, () => ({ command, metadata }))
  }

  /**
   * Read, decide, append inside `unit`: decides the command `intentOf` makes of the state read
   * there and appends what it decided at the version read. The read locks the stream until the
   * unit ends, so concurrent commands on one stream take turns, each deciding on
   * the state the previous one left: a limit holds exactly and nobody gets a conflict. The version
   * check on append stays as the guard against any writer that did not lock.
   */
  async function handleWith<Unit extends CommandUnit>(
    unit: Unit,
    id: string,
    intentOf: IntentOf<Command, Loaded, Unit>,
  ): Promise<Result> {
    const loaded = await read(unit, id)
    const { state: before, version, events } = loaded
    const { command, metadata } = await intentOf(loaded, unit)
    const decided = aggregate.decide(command, before)
    if (decided.length === 0) return { before, decided, after: before, version, events }
    const appended = await unit.append(aggregate.streamId(id), version === 0 ? 'no_stream' : version, decided, metadata)
    const after = decided.reduce(
      (state, event) => aggregate.evolve(state, { ...event, createdAt: appended.createdAt }),
      before,
    )
    return { before, decided, after, version: appended.nextVersion, events }
  }

  /**
   * One command in a unit of work of its own (`commandUnit`), and, when given, `then`: what must
   * commit with it (another aggregate's command, an invoice, an outbox message), in the same unit.
   */
  function run<Tables extends EventsDatabase>(
    store: Pick<EventStore<Tables>, 'transaction'>,
    id: string,
    intentOf: IntentOf<Command, Loaded, StoreTransaction<Tables>>,
  ): Promise<Result>
  function run<Tables extends EventsDatabase, T>(
    store: Pick<EventStore<Tables>, 'transaction'>,
    id: string,
    intentOf: IntentOf<Command, Loaded, StoreTransaction<Tables>>,
    then: (result: Result, tx: StoreTransaction<Tables>) => Promise<T>,
  ): Promise<T>
  function run<Tables extends EventsDatabase, T>(
    store: Pick<EventStore<Tables>, 'transaction'>,
    id: string,
    intentOf: IntentOf<Command, Loaded, StoreTransaction<Tables>>,
    then?: (result: Result, tx: StoreTransaction<Tables>) => Promise<T>,
  ): Promise<T | Result> {
    return commandUnit(store, async (tx): Promise<T | Result> => {
      const result = await handleWith(tx, id, intentOf)
      return then ? then(result, tx) : result
    })
  }

  function fold({ snapshot, events: stored }: LoadedStream): Loaded & { tail: number } {
    // A type the aggregate no longer defines changes nothing; the version still counts it.
    const events = stored.filter((event) => isEventOf(aggregate.events, event))
    const from =
      snapshot && aggregate.snapshot ? aggregate.snapshot.state.parse(snapshot.state) : aggregate.initialState
    return {
      state: events.reduce(aggregate.evolve, from),
      version: stored.at(-1)?.streamPosition ?? snapshot?.version ?? 0,
      events,
      tail: stored.length,
    }
  }

  return {
    aggregate,
    streamOf,
    load,
    handle,
    handleWith,
    read,
    run,
  }
}
