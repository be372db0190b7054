/**
 * The meaning of a question as one vector: the smooth-inverse-frequency weighted average of its
 * words' vectors, less the component every sentence shares (Arora, Liang & Ma, "A Simple but
 * Tough-to-Beat Baseline for Sentence Embeddings", 2017). Two wordings of one question land close
 * together even when they share no word ("throws out whatever was used longest ago" and "evicts
 * the least recently used item").
 */
import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'
import type { WordVectors } from './word-vectors.ts'

/** SIF's smoothing: a word this frequent (share of all running words) keeps half its weight. */
const SIF_SMOOTHING = 1e-3
/** Zipf's law estimate of a word's share of running text from its frequency rank. */
const ZIPF_NORMALISER = Math.log(400_000) + 0.5772

const shareOfText = (rank: number) => 1 / ((rank + 1) * ZIPF_NORMALISER)

export type SentenceVector = Float32Array

/** The SIF-weighted average of the text's content words' vectors; null when none has a vector. */
export function averageWordVector(text: string, vectors: WordVectors): SentenceVector | null {
  const sum = new Float32Array(vectors.dimensions)
  let weights = 0
  for (const word of rawWords(text)) {
    if (stopWords.has(word)) continue
    const vector = vectors.vectorOf(word)
    const rank = vectors.rankOf.get(word)
    if (vector === undefined || rank === undefined) continue
    const weight = SIF_SMOOTHING / (SIF_SMOOTHING + shareOfText(rank))
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + weight * (vector[i] ?? 0)
    weights += weight
  }
  return weights === 0 ? null : sum
}

function dot(a: Float32Array, b: Float32Array): number {
  let total = 0
  for (let i = 0; i < a.length; i++) total += (a[i] ?? 0) * (b[i] ?? 0)
  return total
}

/** Scales to unit length in place; a zero vector stays zero. */
function normalise(vector: Float32Array): Float32Array {
  const length = Math.sqrt(dot(vector, vector))
  if (length > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / length
  return vector
}

/** The first principal direction of the rows (power iteration on their scatter matrix), unit length. */
export function commonDirection(rows: readonly Float32Array[], dimensions: number): Float32Array {
  let direction = normalise(new Float32Array(dimensions).fill(1))
  for (let step = 0; step < 50; step++) {
    const next = new Float32Array(dimensions)
    for (const row of rows) {
      const projection = dot(row, direction)
      for (let i = 0; i < dimensions; i++) next[i] = (next[i] ?? 0) + projection * (row[i] ?? 0)
    }
    direction = normalise(next)
  }
  return direction
}

/** The sentence vector without its common component, unit length. */
export function withoutCommon(vector: SentenceVector, common: Float32Array): SentenceVector {
  const projection = dot(vector, common)
  const out = new Float32Array(vector.length)
  for (let i = 0; i < out.length; i++) out[i] = (vector[i] ?? 0) - projection * (common[i] ?? 0)
  return normalise(out)
}

/** Cosine similarity of two unit vectors. */
export const similarity = dot
