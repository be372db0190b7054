import type { Projection } from '#events/projections/projection.ts'

/** A small deterministic generator, so a failing workload can be replayed from its seed. */
export function seededRandom(seed: number) {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
}

/** The same projection without its batch or range apply: the runner then applies one event at a time. */
export function oneAtATime(projection: Projection): Projection {
  const { applyBatch: _batch, applyRange: _range, ...byEvent } = projection
  return byEvent
}
