/** One occurrence of a phrase in the response. */
export type Occurrence = {
  phrase: string
  /** Character offset of the first character. */
  start: number
  end: number
  /** Index of the first word among the response's words. */
  wordIndex: number
}

export type PhraseCount = {
  phrase: string
  count: number
  positions: { index: number; wordIndex: number }[]
}

/** Groups occurrences by phrase, most frequent first. */
export function countByPhrase(occurrences: readonly Occurrence[]): PhraseCount[] {
  const groups = new Map<string, PhraseCount>()
  for (const o of occurrences) {
    const group = groups.get(o.phrase) ?? { phrase: o.phrase, count: 0, positions: [] }
    group.count += 1
    group.positions.push({ index: o.start, wordIndex: o.wordIndex })
    groups.set(o.phrase, group)
  }
  return [...groups.values()].sort(
    (a, b) => b.count - a.count || (a.positions[0]?.index ?? 0) - (b.positions[0]?.index ?? 0),
  )
}
