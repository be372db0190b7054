/**
 * A seeded choice of mutations, so a failing run can be replayed with the same --seed. The values
 * themselves come from json-schema-faker, which seeds its own generator from the same number.
 */
export type Chooser = {
  next: () => number
  int: (below: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (probability: number) => boolean
}

export function seededChooser(seed: number): Chooser {
  let state = seed >>> 0
  // mulberry32: small, fast and good enough to pick among a few dozen mutations.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
  const int = (below: number) => Math.floor(next() * below)
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      // In range by construction; the list itself may hold undefined on purpose.
      return items[int(items.length)] as T
    },
    chance: (probability) => next() < probability,
  }
}
