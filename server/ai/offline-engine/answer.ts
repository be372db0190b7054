import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import type { InterviewContext, KnowledgeMatch } from '#server/ai/ai-schemas.ts'

/** The offline engine reads at most this much of a question; the rest is rarely the question. */
export const OFFLINE_QUESTION_LIMIT = 4000

export type KnowledgeAnswer = { text: string; matches: KnowledgeMatch[]; confidence: number }

export function knowledgeAnswer(question: string, context: InterviewContext): KnowledgeAnswer {
  const result = answerQuestion({ question: question.slice(0, OFFLINE_QUESTION_LIMIT), context })
  return { text: result.answer, matches: result.matches, confidence: result.confidence }
}
