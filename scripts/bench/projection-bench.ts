import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { systemClock } from '#events/clock.ts'
import type { Projection } from '#events/projections/projection.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { viewProjections } from '#events/projections/all-projections.ts'
import { userActivityProjection } from '#events/projections/user-activity.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import { subscriptionStreamId } from '#events/subscriptions/subscription.ts'
import { createInProcessScheduler } from '#server/jobs/in-process-scheduler.ts'
import { eventsAppendedEvent, projectionGatherMs } from '#server/jobs/projection-jobs.ts'
import { createLogger } from '#server/logger.ts'
import { createTestDatabase, databaseKinds, type DatabaseKind, type TestDatabase } from '#tests/support/databases.ts'
import type { Figure } from './event-store-bench.ts'
import { appendEvents } from '#tests/support/append-events.ts'

const seconds = 3

async function perSecond(work: () => Promise<unknown>) {
  // Untimed first rounds: the first measured person must not pay for warming the code and the caches.
  for (let round = 0; round < 20; round += 1) await work()
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  let done = 0
  while (performance.now() < deadline) {
    await work()
    done += 1
  }
  return done / ((performance.now() - started) / 1000)
}

/** A person with one plan period and `cycles` interviews taken and given back: 1 + 2 × cycles events. */
async function personWith(database: TestDatabase, cycles: number) {
  const store = createEventStore({ db: database.db, registry: eventRegistry, clock: systemClock })
  const userId = randomUUID()
  const orderId = randomUUID()
  const metadata = { actor: { type: 'system' as const }, userId }
  const now = Date.now()
  await appendEvents(
    store,
    subscriptionStreamId(userId),
    'no_stream',
    [
      {
        type: 'SubscriptionActivated',
        data: {
          userId,
          orderId,
          planType: 'pro',
          periodStart: new Date(now - 86_400_000).toISOString(),
          periodEnd: new Date(now + 30 * 86_400_000).toISOString(),
          interviewsIncluded: 30,
          carriedOver: 0,
          replacedPlan: null,
          periodValue: 99_900,
        },
      },
    ],
    metadata,
  )
  for (let done = 0; done < cycles; done += 500) {
    const events = Array.from({ length: Math.min(500, cycles - done) }, () => randomUUID()).flatMap((sessionId) => [
      { type: 'InterviewCreditUsed', data: { sessionId, orderId } },
      { type: 'InterviewCreditSettled', data: { sessionId, orderId, counted: false, reason: 'ended' } },
    ])
    await appendEvents(store, subscriptionStreamId(userId), 'stream_exists', events, metadata)
  }
  return userId
}

/** Usage read and a use-and-give-back credit cycle, for a short and a long subscription stream. */
async function snapshotFigures(database: TestDatabase, kind: DatabaseKind): Promise<Figure[]> {
  const store = createEventStore({ db: database.db, registry: eventRegistry, clock: systemClock })
  const figures: Figure[] = []
  const rates: Record<string, { read: number; cycle: number }> = {}
  for (const [label, cycles] of [
    ['50', 25],
    ['5,000', 2500],
  ] as const) {
    const userId = await personWith(database, cycles)
    const metadata = { actor: { type: 'system' as const }, userId }
    const owner = { userId, erased: false }
    const read = await perSecond(() => subscriptionCommands.load(store, userId))
    const cycle = await perSecond(async () => {
      const sessionId = randomUUID()
      await store.transaction((tx) =>
        subscriptionCommands.handle(
          tx,
          userId,
          { type: 'UseInterviewCredit', owner, sessionId, now: new Date() },
          metadata,
        ),
      )
      await store.transaction((tx) =>
        subscriptionCommands.handle(
          tx,
          userId,
          { type: 'SettleInterviewCredit', sessionId, counted: false, reason: 'ended' },
          metadata,
        ),
      )
    })
    rates[label] = { read, cycle }
  }
  const short = rates['50']
  const long = rates['5,000']
  if (short && long) {
    figures.push(
      { name: `${kind}: usage read, person with 50 events`, value: short.read, unit: 'reads/s' },
      {
        name: `${kind}: usage read, person with 5,000 events`,
        value: long.read,
        unit: 'reads/s',
        note: `${Math.round((long.read / short.read) * 100)}% of the 50-event person`,
      },
      { name: `${kind}: credit use + give back, 50 events`, value: short.cycle, unit: 'cycles/s' },
      {
        name: `${kind}: credit use + give back, 5,000 events`,
        value: long.cycle,
        unit: 'cycles/s',
        note: `${Math.round((long.cycle / short.cycle) * 100)}% of the 50-event person`,
      },
    )
  }
  return figures
}

/** Writes `count` events with one set-based INSERT: 1,000 per stream, spread over 5,000 people plus one with 10,000. */
async function generateEvents(database: TestDatabase, count: number) {
  // In slices of 100,000 so each statement stays inside the connection's statement timeout.
  for (let from = 0; from < count; from += 100_000) {
    const to = Math.min(count, from + 100_000) - 1
    await sql`insert into events (stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, created_at)
      select 'counter-bench-' || (i / 1000), i % 1000 + 1, 'CounterIncremented', 1, gen_random_uuid(), person,
        jsonb_build_object('by', 1), jsonb_build_object('actor', jsonb_build_object('type', 'system'), 'userId', person),
        timestamptz '2026-11-24 10:00:00+00' + i * interval '1 millisecond'
      from generate_series(${from}::integer, ${to}::integer) as i,
        lateral (select case when i < 10000 then 'person-hot' else 'person-' || (i % 5000) end as person) as people`.execute(
      database.db,
    )
  }
}

/** The set-based ceiling: one INSERT … SELECT producing user_activity's rows; events per second. */
async function ceilingRate(database: TestDatabase, count: number) {
  await sql`truncate table ceiling_activity`.execute(database.db)
  const started = performance.now()
  await sql`insert into ceiling_activity (user_id, event_count, first_event_at, last_event_at, last_event_type)
    select user_id, count(*), min(created_at), max(created_at),
      (array_agg(type order by transaction_id desc, global_position desc))[1]
    from events where user_id is not null group by user_id`.execute(database.db)
  return count / ((performance.now() - started) / 1000)
}

/**
 * Full rebuild of user_activity, and of every view, each against one INSERT … SELECT producing the
 * same rows measured just before it (the machine's load drifts within a run); one person's rebuild.
 */
async function rebuildFigures(database: TestDatabase, kind: DatabaseKind, count: number): Promise<Figure[]> {
  await generateEvents(database, count)
  // The first read of new rows also marks them committed on their pages (a write): whichever ran
  // first, the ceiling or a rebuild, would pay for it alone. VACUUM does it before any is timed.
  await sql`vacuum (analyze) events`.execute(database.db)
  await sql`create table ceiling_activity (like user_activity including all)`.execute(database.db)
  const ceiling = await ceilingRate(database, count)
  const runner = new ProjectionRunner({
    db: database.db,
    registry: eventRegistry,
    projections: [userActivityProjection],
  })
  const started = performance.now()
  const result = await runner.rebuild('user_activity')
  const rebuildSeconds = (performance.now() - started) / 1000
  if (result.applied !== count) throw new Error(`the rebuild applied ${result.applied} of ${count} events`)
  const { rows } = await sql<{ differing: number }>`select count(*)::int as differing from (
      (select * from ceiling_activity except select * from user_activity)
      union all (select * from user_activity except select * from ceiling_activity)) as difference`.execute(database.db)
  if (rows[0]?.differing !== 0) throw new Error('the rebuild and the set-based ceiling differ')
  const personStarted = performance.now()
  await runner.rebuildUser('person-hot')
  const personSeconds = performance.now() - personStarted
  const everyView = new ProjectionRunner({ db: database.db, registry: eventRegistry, projections: viewProjections })
  const allCeiling = await ceilingRate(database, count)
  const allStarted = performance.now()
  await everyView.rebuildAll()
  const allSeconds = (performance.now() - allStarted) / 1000
  const label = count.toLocaleString('en-US')
  return [
    {
      name: `${kind}: rebuild every view projection, ${label} events`,
      value: count / allSeconds,
      unit: 'events/s',
      note: `${Math.round((count / allSeconds / allCeiling) * 100)}% of the set-based ceiling just before it (${Math.round(allCeiling).toLocaleString('en-US')} events/s); ${allSeconds.toFixed(1)} s`,
    },
    {
      name: `${kind}: rebuild user_activity, ${label} events`,
      value: count / rebuildSeconds,
      unit: 'events/s',
      note: `${Math.round((count / rebuildSeconds / ceiling) * 100)}% of the set-based ceiling; ${rebuildSeconds.toFixed(1)} s`,
    },
    { name: `${kind}: set-based ceiling (INSERT … SELECT), ${label} events`, value: ceiling, unit: 'events/s' },
    { name: `${kind}: rebuild one person with 10,000 events`, value: personSeconds, unit: 'ms' },
  ]
}

/** Appends at a fixed 200 a second, each woken projection run timed from the append's commit to the run's end. */
async function lagFigure(database: TestDatabase, kind: DatabaseKind): Promise<Figure> {
  const applied: number[] = []
  // Writes nothing: it notes which events each run applied, so the run's end dates them.
  const probe: Projection = {
    name: 'bench_lag_probe',
    version: 1,
    eventTypes: ['InterviewCreditUsed'],
    apply: (_trx, event) => {
      applied.push(event.globalPosition)
      return Promise.resolve()
    },
    applyBatch: (_trx, events) => {
      for (const event of events) applied.push(event.globalPosition)
      return Promise.resolve()
    },
    truncate: () => Promise.resolve(),
  }
  const runner = new ProjectionRunner({
    db: database.db,
    registry: eventRegistry,
    projections: [...viewProjections, probe],
  })
  await runner.catchUpAll()
  applied.length = 0
  const committedAt = new Map<number, number>()
  const lags: number[] = []
  const scheduler = createInProcessScheduler({
    pollMs: 60_000,
    log: createLogger('silent'),
    jobs: [
      {
        id: 'project-views',
        name: 'every view',
        wakeEvent: eventsAppendedEvent,
        cron: '* * * * *',
        // As the server's own catch-up job waits (server/jobs/projection-jobs.ts).
        gatherMs: projectionGatherMs,
        run: async () => {
          await runner.catchUpAll()
          const now = performance.now()
          for (const position of applied.splice(0)) {
            const committed = committedAt.get(position)
            if (committed !== undefined) lags.push(now - committed)
          }
        },
      },
    ],
  })
  const store = createEventStore({
    db: database.db,
    registry: eventRegistry,
    clock: systemClock,
    onAppended: (notice) => {
      // The notice comes right after the commit: the lag runs from there.
      for (const position of notice.globalPositions) committedAt.set(position, performance.now())
      scheduler.wake(eventsAppendedEvent)
    },
  })
  const rate = 200
  const total = rate * 5
  const started = performance.now()
  const appends: Promise<void>[] = []
  for (let index = 0; index < total; index += 1) {
    const wait = started + (index * 1000) / rate - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const userId = `lag-${index % 50}`
    appends.push(
      appendEvents(
        store,
        `subscription-lag-${index}`,
        'no_stream',
        [{ type: 'InterviewCreditUsed', data: { sessionId: randomUUID(), orderId: 'lag' } }],
        { actor: { type: 'system' }, userId },
      ).then(() => undefined),
    )
  }
  await Promise.all(appends)
  scheduler.wake(eventsAppendedEvent)
  await scheduler.settled()
  const sorted = lags.sort((a, b) => a - b)
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN
  const achieved = total / ((performance.now() - started) / 1000)
  return {
    name: `${kind}: projection lag p99 at ${rate} appends/s`,
    value: p99,
    unit: 'ms',
    note: `${lags.length} of ${total} events measured, ${Math.round(achieved)} appends/s reached`,
  }
}

const parts = ['snapshots', 'lag', 'rebuild'] as const

export async function benchProjections(
  kinds: readonly DatabaseKind[],
  onFigure?: (figure: Figure) => void,
  only: readonly (typeof parts)[number][] = parts,
): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const kind of kinds) {
    for (const [name, run] of [
      ['snapshots', (database: TestDatabase) => snapshotFigures(database, kind)],
      ['lag', async (database: TestDatabase) => [await lagFigure(database, kind)]],
      // PGlite keeps its database in memory here: a million events fit only on PostgreSQL.
      [
        'rebuild',
        (database: TestDatabase) => rebuildFigures(database, kind, kind === 'postgres' ? 1_000_000 : 100_000),
      ],
    ] as const) {
      if (!only.includes(name)) continue
      const database = await createTestDatabase(kind)
      try {
        const measured = await run(database)
        measured.forEach((figure) => onFigure?.(figure))
        figures.push(...measured)
      } catch (error) {
        throw new Error(`${kind} ${name} bench failed`, { cause: error })
      } finally {
        await database.drop()
      }
    }
  }
  return figures
}

// `npx node scripts/bench/projection-bench.ts [snapshots|lag|rebuild…] [--pglite-only|--postgres-only]`:
// these figures alone (all parts when none is named), PostgreSQL on TEST_DATABASE_URL's server.
if (import.meta.main) {
  const args = process.argv.slice(2)
  const chosen = parts.filter((part) => args.includes(part))
  const kinds = databaseKinds.filter((kind) => !args.includes(`--${kind === 'pglite' ? 'postgres' : 'pglite'}-only`))
  await benchProjections(
    kinds,
    (figure) =>
      console.log(
        `${figure.name}: ${Math.round(figure.value)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`,
      ),
    chosen.length > 0 ? chosen : parts,
  )
}
