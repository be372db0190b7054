import type { Kysely } from 'kysely'
import { expect } from 'vitest'
import type { Projection } from '#events/projections/projection.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { eventRegistry } from '#events/registry.ts'
import type { Database } from '#server/db/schema.ts'

/** A small deterministic generator, so a failing workload can be replayed from its seed. */
export function seededRandom(seed: number) {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
}

/** The same projection without its batch or range apply: the runner then applies one event at a time. */
function oneAtATime(projection: Projection): Projection {
  const { applyBatch: _batch, applyRange: _range, ...byEvent } = projection
  return byEvent
}

/** Rebuilds the projections' views the reference way, one event at a time, to compare a faster path against. */
export async function rebuildEventByEvent(db: Kysely<Database>, projections: readonly Projection[]): Promise<void> {
  const byEvent = new ProjectionRunner({ db, registry: eventRegistry, projections: projections.map(oneAtATime) })
  for (const projection of projections) await byEvent.rebuild(projection.name)
}

/**
 * Rebuilds the projections in batches of 3 events and of 100,000, then the person alone, and
 * expects `views` to read `expected` (what the event-by-event path built) after each.
 */
export async function expectRebuildsToMatch<Views>(
  db: Kysely<Database>,
  projections: readonly Projection[],
  userId: string,
  views: () => Promise<Views>,
  expected: Views,
): Promise<void> {
  for (const batchSize of [3, 100_000]) {
    await new ProjectionRunner({ db, registry: eventRegistry, projections, batchSize }).rebuildAll()
    expect(await views()).toEqual(expected)
  }
  await new ProjectionRunner({ db, registry: eventRegistry, projections }).rebuildUser(userId)
  expect(await views()).toEqual(expected)
}
