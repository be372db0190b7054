/** FNV-1a: a stable 32-bit seed from any string. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: small, fast, good enough to shuffle questions reproducibly. Returns [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Weighted sampling without replacement (Efraimidis–Spirakis): each item gets key u^(1/w) and
 * the largest keys win, so heavier items are likelier but every run with the same seed agrees.
 */
export function weightedSample<T>(
  items: readonly T[],
  n: number,
  weight: (item: T) => number,
  random: () => number,
): T[] {
  return items
    .map((item) => {
      const w = Math.max(weight(item), 1e-9)
      return { item, key: Math.pow(Math.max(random(), 1e-12), 1 / w) }
    })
    .sort((a, b) => b.key - a.key)
    .slice(0, Math.max(0, n))
    .map((x) => x.item)
}
