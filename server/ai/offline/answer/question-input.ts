import { z } from 'zod'
import { interviewContextSchema } from '#server/ai/ai-schemas.ts'

/** The offline engine reads at most this much of a question; the rest is rarely the question. */
export const OFFLINE_QUESTION_LIMIT = 4000

/** A question to answer or analyse, with what the candidate told about themselves. */
export const questionInputSchema = z.object({
  question: z.string().trim().min(1, 'Question is required').max(OFFLINE_QUESTION_LIMIT),
  context: interviewContextSchema.optional(),
  /** Earlier turns of the same session, oldest first. */
  history: z
    .array(z.object({ question: z.string(), answer: z.string() }))
    .max(10)
    .optional(),
})
export type QuestionInput = z.input<typeof questionInputSchema>
