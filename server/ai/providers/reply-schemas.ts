/**
 * What the model must send back for the structured calls. Lenient where small models tend to
 * wander (an unknown category, a score as "7", a bare array) and strict where the answer would be
 * useless without it.
 */
import { z } from 'zod'
import { difficultySchema, questionCategorySchema, type Difficulty } from '#server/ai/ai-schemas.ts'

const text = z.string().trim().min(1)
const textList = z.array(z.string().trim()).transform((items) => items.filter((item) => item !== ''))
const category = z
  .string()
  .transform((value) =>
    value
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-'),
  )
  .pipe(questionCategorySchema)
  .catch('general')

export const screenshotReplySchema = z.object({
  extractedText: z.string(),
  question: z
    .string()
    .trim()
    .nullish()
    // No question and an empty one both read as none.
    .transform((value) => (value === '' ? null : (value ?? null))),
  answer: text,
})

export function questionsReplySchema(difficulty: Difficulty, count: number) {
  const question = z.object({
    question: text,
    category,
    difficulty: z
      .string()
      .transform((value) => value.trim().toLowerCase())
      .pipe(difficultySchema)
      .catch(difficulty),
    keyPoints: textList.default([]),
  })
  return z
    .preprocess(
      (value) => (Array.isArray(value) ? { questions: value } : value),
      z.object({ questions: z.array(question).min(1) }),
    )
    .transform(({ questions }) => questions.slice(0, count))
}

export const communicationReplySchema = z.object({
  improvedResponse: text,
  strengths: textList.default([]),
  suggestions: textList.default([]),
  score: z.coerce.number().transform((value) => Math.min(10, Math.max(1, Math.round(value)))),
})

export const questionAnalysisReplySchema = z.object({
  category,
  difficulty: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(difficultySchema)
    .catch('medium'),
  intent: text,
  keyConcepts: textList.default([]),
  answerOutline: textList.default([]),
  followUpQuestions: textList.default([]),
})
