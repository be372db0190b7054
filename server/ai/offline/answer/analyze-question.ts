import { categoryForType, classifyQuestion, estimateDifficulty, type QuestionType } from './classify.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { RELATED_MIN_CONFIDENCE } from './fallback.ts'
import { questionInputSchema, type QuestionInput } from './question-input.ts'
import { keyTopics } from '#server/ai/offline/search/key-topics.ts'
import type { Category, Difficulty } from '#server/ai/offline/knowledge/schema.ts'
import { frameworks } from './question-frameworks.ts'
import {
  findAnswers,
  namesAKeyTerm,
  type AnswerMatch,
  type RetrievalResult,
} from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

export type QuestionAnalysis = {
  /** 'general' when neither the knowledge base nor the wording points at a category. */
  category: Category | 'general'
  difficulty: Difficulty
  type: QuestionType
  keyTopics: string[]
  suggestedApproach: string
  relatedQuestions: { id: string; question: string; category: Category }[]
  confidence: number
}

/**
 * Best guess of a category: the confident match, else a reasonably close one that names what is
 * asked (a neighbour sharing only words, "favour" and "colour", says nothing of the category),
 * else the wording.
 */
export function guessCategory(retrieval: RetrievalResult, type: QuestionType): Category | 'general' {
  if (retrieval.best) return retrieval.best.entry.category
  const near = retrieval.matches[0]
  if (near && near.confidence >= 0.3 && namesAKeyTerm(near.evidence)) return near.entry.category
  return categoryForType(type) ?? 'general'
}

function approachText(type: QuestionType, best: AnswerMatch | null): string {
  const framework = frameworks[type]
  const structure = `Structure it as ${framework.steps.join(' → ')}.`
  if (best === null) return `${structure} ${framework.approach.slice(0, 2).join(' ')}`
  return `${structure} Make sure to cover: ${best.entry.keyPoints.slice(0, 3).join('; ')}.`
}

export function analyzeRetrieval(
  question: string,
  context: InterviewContext | undefined,
  retrieval: RetrievalResult,
): QuestionAnalysis {
  const best = retrieval.best
  const type = classifyQuestion(question, best?.entry.category)
  const related = (
    best ? retrieval.matches.slice(1) : retrieval.matches.filter((m) => m.confidence >= RELATED_MIN_CONFIDENCE)
  )
    .slice(0, 4)
    .map((m) => ({ id: m.entry.id, question: m.entry.question, category: m.entry.category }))
  return {
    category: guessCategory(retrieval, type),
    difficulty: best ? best.entry.difficulty : estimateDifficulty(question, type),
    type,
    keyTopics: keyTopics(retrieval.queryTerms, best?.entry ?? null, knowledgeIndex()),
    suggestedApproach: approachText(type, best),
    relatedQuestions: related,
    confidence: retrieval.confidence,
  }
}

/** Category, difficulty, type, topics, approach and related questions for one question. */
export function analyzeQuestion(input: QuestionInput): QuestionAnalysis {
  const { question, context } = questionInputSchema.parse(input)
  return analyzeRetrieval(question, context, findAnswers(question, context, { limit: 6 }))
}
