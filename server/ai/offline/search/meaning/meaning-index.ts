/**
 * Each knowledge-base entry's wordings as meaning vectors, so a question can be compared with
 * them by meaning rather than by shared words. Built on first use from the packaged word vectors.
 */
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { entryGist } from '#server/ai/offline/knowledge/spoken-shape.ts'
import {
  averageWordVector,
  commonDirection,
  similarity,
  withoutCommon,
  type SentenceVector,
} from './sentence-meaning.ts'
import { wordVectors, type WordVectors } from './word-vectors.ts'

export class MeaningIndex {
  private readonly linesById = new Map<string, SentenceVector[]>()
  private readonly common: Float32Array
  private readonly vectors: WordVectors

  constructor(entries: readonly KbEntry[], vectors: WordVectors) {
    this.vectors = vectors
    const raw = entries.map((entry) => ({
      id: entry.id,
      // Two more wordings: the tags, the entry's topic in a few words, and the gist, its answer in one line.
      lines: [entry.question, ...entry.alternatives, entry.tags.join(' '), entryGist(entry)].flatMap(
        (line) => averageWordVector(line, vectors) ?? [],
      ),
    }))
    this.common = commonDirection(
      raw.flatMap((entry) => entry.lines),
      vectors.dimensions,
    )
    for (const { id, lines } of raw)
      this.linesById.set(
        id,
        lines.map((line) => withoutCommon(line, this.common)),
      )
  }

  /** The question's meaning vector; null when none of its words has a vector. */
  vectorOf(question: string): SentenceVector | null {
    const raw = averageWordVector(question, this.vectors)
    return raw === null ? null : withoutCommon(raw, this.common)
  }

  /** How close the question comes to one of the entry's wordings: the best cosine, -1..1 (0 when unknown). */
  closeness(question: SentenceVector, id: string): number {
    let best = 0
    for (const line of this.linesById.get(id) ?? []) best = Math.max(best, similarity(question, line))
    return best
  }

  /** Entries by closeness to the question, closest first. */
  nearest(question: SentenceVector, limit: number): { id: string; closeness: number }[] {
    return [...this.linesById.keys()]
      .map((id) => ({ id, closeness: this.closeness(question, id) }))
      .sort((a, b) => b.closeness - a.closeness || a.id.localeCompare(b.id))
      .slice(0, limit)
  }
}

const holder = globalThis as typeof globalThis & { __interviewHelperMeaningIndex?: MeaningIndex }

/** The knowledge base's meaning index: built on first use, once per process. */
export function meaningIndex(): MeaningIndex {
  return (holder.__interviewHelperMeaningIndex ??= new MeaningIndex(knowledgeBase, wordVectors()))
}
