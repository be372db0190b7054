import { z } from 'zod'
import { interviewContextSchema } from '#server/ai/offline/context.ts'

/** Payload of /interview/question and /interview/analyze (spec §3: question, context). */
export const questionInputSchema = z.object({
  question: z.string().trim().min(1, 'Question is required').max(4000),
  context: interviewContextSchema.optional(),
})
export type QuestionInput = z.input<typeof questionInputSchema>
