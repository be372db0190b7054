import type { Occurrence } from './occurrence.ts'
import type { Word } from './words.ts'

export type HedgeOccurrence = {
  /** False when deleting the phrase would break the sentence ("I'm not sure how it works"). */
  removable: boolean
} & Occurrence

type HedgePattern = {
  phrase: string
  words: readonly string[]
}

const patterns: readonly HedgePattern[] = [
  { phrase: "i'm not sure", words: ["i'm", 'not', 'sure'] },
  { phrase: "i'm not sure", words: ['im', 'not', 'sure'] },
  { phrase: "i'm not sure", words: ['i', 'am', 'not', 'sure'] },
  { phrase: 'i feel like', words: ['i', 'feel', 'like'] },
  { phrase: 'i think', words: ['i', 'think'] },
  { phrase: 'i guess', words: ['i', 'guess'] },
  { phrase: 'i suppose', words: ['i', 'suppose'] },
  { phrase: 'maybe', words: ['maybe'] },
  { phrase: 'probably', words: ['probably'] },
  { phrase: 'perhaps', words: ['perhaps'] },
]

/** "I think about", "I think of" describe thinking, not doubt. */
const NOT_A_HEDGE_AFTER: Readonly<Record<string, ReadonlySet<string>>> = {
  'i think': new Set(['about', 'of', 'through']),
  'i guess': new Set(['what', 'how', 'the', 'which', 'who']),
}
/** Deleting "I'm not sure" before these leaves a fragment ("how it works"). */
const KEEPS_MEANING_ONLY_WITH_HEDGE = new Set([
  'how',
  'what',
  'why',
  'if',
  'whether',
  'when',
  'where',
  'which',
  'who',
  'about',
  'of',
  'that',
])

export function detectHedges(words: readonly Word[]): HedgeOccurrence[] {
  const found: HedgeOccurrence[] = []
  for (let i = 0; i < words.length; i++) {
    for (const pattern of patterns) {
      if (!pattern.words.every((w, k) => words[i + k]?.lower === w)) continue
      const first = words[i]
      const last = words[i + pattern.words.length - 1]
      if (!first || !last) continue
      const after = words[i + pattern.words.length]?.lower
      if (after !== undefined && NOT_A_HEDGE_AFTER[pattern.phrase]?.has(after)) break
      if (pattern.phrase === 'i think' && words[i - 1]?.lower === 'what') break
      const removable = !(
        pattern.phrase === "i'm not sure" &&
        after !== undefined &&
        KEEPS_MEANING_ONLY_WITH_HEDGE.has(after)
      )
      found.push({ phrase: pattern.phrase, start: first.start, end: last.end, wordIndex: i, removable })
      i += pattern.words.length - 1
      break
    }
  }
  return found
}
