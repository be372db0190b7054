import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { extractContextSignals, type ContextSignals } from './context-signals.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import type { KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { knowledgeIndex, type QueryTerm, type SearchHit, type SearchIndex } from './search-index.ts'

/** Below this the engine says it has no confident match rather than guess. */
export const CONFIDENCE_THRESHOLD = 0.6

/**
 * A question that comes down to one common word ("and what would you do differently?", "can you
 * give me an example?") says too little to pick an entry, however well that word matches one. A
 * rare, specific word ("trie", "Kubernetes") is enough on its own.
 */
const LONE_TERM_MIN_IDF = 3.3

/** Context can lift a candidate's score by at most 1 + CATEGORY_BOOST + MAX_TAG_BOOST. */
const CATEGORY_BOOST = 0.3
const TAG_BOOST_PER_TERM = 0.05
const MAX_TAG_BOOST = 0.2
/** Only the best text matches are re-ranked; context never pulls in an unrelated entry. */
const RERANK_POOL = 30
/** A misspelt word corrected to a known one is evidence, but weaker evidence. */
const CORRECTED_COVERAGE_FACTOR = 0.75

export type AnswerMatch = {
  entry: KbEntry
  /** Final score: text score × (1 + context boost). */
  score: number
  textScore: number
  contextBoost: number
  /** 0..1: how much of the question this entry explains (see `confidenceOf`). */
  confidence: number
}

export type RetrievalResult = {
  status: 'match' | 'no-confident-match'
  /** The top match when confident, else null. */
  best: AnswerMatch | null
  /** Ranked candidates, also returned when not confident (they may still be related). */
  matches: AnswerMatch[]
  confidence: number
  reason?: 'empty-question' | 'no-matching-terms' | 'low-confidence'
  queryTerms: QueryTerm[]
}

export type FindAnswersOptions = {
  limit?: number
  index?: SearchIndex
}

function contextBoostFor(entry: KbEntry, signals: ContextSignals, index: SearchIndex): number {
  if (signals.isEmpty) return 0
  const affinity = signals.categoryAffinity.get(entry.category) ?? 0
  const overlap = index.termsOf(entry.id, 'tags').filter((term) => signals.termCounts.has(term)).length
  return CATEGORY_BOOST * affinity + Math.min(MAX_TAG_BOOST, TAG_BOOST_PER_TERM * overlap)
}

/**
 * Transparent confidence in [0, 1]:
 *   0.45 × coverage        (idf-weighted share of the question's terms found anywhere in the entry)
 * + 0.35 × title coverage  (the same, found in its question, phrasings or tags)
 * + 0.20 × margin          (for the top match: how far ahead of the runner-up it is)
 */
function confidenceOf(hit: SearchHit, queryTerms: readonly QueryTerm[], index: SearchIndex, margin: number): number {
  let total = 0
  let covered = 0
  let titleCovered = 0
  const matched = new Set(hit.matchedTerms)
  const inTitle = new Set(hit.titleTerms)
  for (const term of queryTerms) {
    const weight = term.weight * index.idf(term.term)
    total += weight
    const evidence = term.correctedFrom === undefined ? weight : weight * CORRECTED_COVERAGE_FACTOR
    if (matched.has(term.term)) covered += evidence
    if (inTitle.has(term.term)) titleCovered += evidence
  }
  if (total === 0) return 0
  const value = 0.45 * (covered / total) + 0.35 * (titleCovered / total) + 0.2 * Math.max(0, Math.min(1, margin))
  return Math.round(Math.min(1, value) * 1000) / 1000
}

export function findAnswers(
  question: string,
  context?: InterviewContext,
  options: FindAnswersOptions = {},
): RetrievalResult {
  const index = options.index ?? knowledgeIndex()
  const limit = options.limit ?? 5
  const queryTerms = index.analyzeQuery(question)
  if (queryTerms.length === 0) {
    return {
      status: 'no-confident-match',
      best: null,
      matches: [],
      confidence: 0,
      reason: 'empty-question',
      queryTerms,
    }
  }
  const hits = index.search(queryTerms, { limit: RERANK_POOL })
  if (hits.length === 0) {
    return {
      status: 'no-confident-match',
      best: null,
      matches: [],
      confidence: 0,
      reason: 'no-matching-terms',
      queryTerms,
    }
  }
  const signals = extractContextSignals(context)
  const reranked = hits
    .flatMap((hit) => {
      const entry = findEntry(hit.id)
      if (!entry) return []
      const contextBoost = contextBoostFor(entry, signals, index)
      return [{ hit, entry, contextBoost, score: hit.score * (1 + contextBoost) }]
    })
    .sort((a, b) => b.score - a.score || a.entry.id.localeCompare(b.entry.id))

  const topScore = reranked[0]?.score ?? 0
  const runnerUp = reranked[1]?.score ?? 0
  const matches: AnswerMatch[] = reranked.slice(0, Math.max(1, limit)).map((candidate, rank) => ({
    entry: candidate.entry,
    score: Math.round(candidate.score * 1000) / 1000,
    textScore: Math.round(candidate.hit.score * 1000) / 1000,
    contextBoost: Math.round(candidate.contextBoost * 1000) / 1000,
    confidence: confidenceOf(
      candidate.hit,
      queryTerms,
      index,
      rank === 0 && topScore > 0 ? (topScore - runnerUp) / topScore : 0,
    ),
  }))
  const best = matches[0] ?? null
  const confidence = best?.confidence ?? 0
  const [loneTerm, ...otherTerms] = queryTerms
  const saysTooLittle =
    loneTerm !== undefined && otherTerms.length === 0 && index.idf(loneTerm.term) < LONE_TERM_MIN_IDF
  if (best === null || confidence < CONFIDENCE_THRESHOLD || saysTooLittle) {
    return { status: 'no-confident-match', best: null, matches, confidence, reason: 'low-confidence', queryTerms }
  }
  return { status: 'match', best, matches, confidence, queryTerms }
}
