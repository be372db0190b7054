import { z } from 'zod'

/**
 * What the candidate told us about themselves. The desktop assistant may send a plain string
 * (spec §3 "question, context"); we treat it as free text about the job, since that is what
 * users paste most often.
 */
export const interviewContextObjectSchema = z.object({
  resume: z.string().max(50_000).optional(),
  role: z.string().max(500).optional(),
  jobDescription: z.string().max(50_000).optional(),
})

export const interviewContextSchema = z.union([
  z
    .string()
    .max(50_000)
    .transform((text) => ({ jobDescription: text })),
  interviewContextObjectSchema,
])

export type InterviewContext = z.infer<typeof interviewContextObjectSchema>
export type InterviewContextInput = z.input<typeof interviewContextSchema>

export function hasText(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== ''
}

export function isEmptyContext(context: InterviewContext | undefined): boolean {
  return (
    context === undefined || (!hasText(context.resume) && !hasText(context.role) && !hasText(context.jobDescription))
  )
}
