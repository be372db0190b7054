import { guessCategory } from './analyze-question.ts'
import { formatMatchedAnswer } from './answer-format.ts'
import { classifyQuestion } from './classify.ts'
import { experienceTieIn } from './experience.ts'
import { formatFallbackAnswer } from './fallback.ts'
import { questionInputSchema, type QuestionInput } from './question-input.ts'
import { keyTopics } from '#server/ai/offline/search/key-topics.ts'
import type { Category } from '#server/ai/offline/knowledge/schema.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { OFFLINE_MODEL, OFFLINE_PROVIDER } from '#server/ai/offline/offline-provider.ts'

export type OfflineAnswer = {
  /** Markdown; never empty. */
  answer: string
  matches: { id: string; question: string; score: number }[]
  category: Category | 'general'
  confidence: number
  /** Where the text comes from: a knowledge-base entry, or the structured approach when none fits. */
  source: 'knowledge-base' | 'framework'
  provider: typeof OFFLINE_PROVIDER
  model: typeof OFFLINE_MODEL
}

const MATCHES_RETURNED = 3

/** Answers an interview question from the knowledge base, or with a structured fallback. */
export function answerQuestion(input: QuestionInput): OfflineAnswer {
  const { question, context } = questionInputSchema.parse(input)
  const retrieval = findAnswers(question, context, { limit: 5 })
  const best = retrieval.best
  const type = classifyQuestion(question, best?.entry.category)
  // Skills are only named from a confident match: an unrelated entry's tags would mislead.
  const tieIn = experienceTieIn(best?.entry ?? null, context, type)
  const answer =
    best !== null
      ? formatMatchedAnswer(best.entry, tieIn)
      : formatFallbackAnswer({
          type,
          topics: keyTopics(retrieval.queryTerms, null, knowledgeIndex),
          related: retrieval.matches,
          tieIn,
        })
  return {
    answer,
    matches: retrieval.matches
      .slice(0, MATCHES_RETURNED)
      .map((m) => ({ id: m.entry.id, question: m.entry.question, score: m.score })),
    category: guessCategory(retrieval, type),
    confidence: retrieval.confidence,
    source: best !== null ? 'knowledge-base' : 'framework',
    provider: OFFLINE_PROVIDER,
    model: OFFLINE_MODEL,
  }
}

/** Word groups of `text` whose concatenation is exactly `text` (whitespace kept with each group). */
export function chunkWords(text: string, wordsPerChunk = 4): string[] {
  const size = Math.max(1, Math.floor(wordsPerChunk))
  const leading = /^\s*/.exec(text)?.[0] ?? ''
  const words = text.slice(leading.length).match(/\S+\s*/g) ?? []
  const chunks: string[] = []
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(''))
  if (chunks.length === 0) return leading === '' ? [] : [leading]
  chunks[0] = leading + (chunks[0] ?? '')
  return chunks
}
