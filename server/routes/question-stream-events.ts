import { z } from 'zod'
import { answerSchema } from '#server/trpc/schemas/interviews.ts'

/**
 * The events of POST /api/interview/question/stream, by name: their `data` is one of these as
 * JSON. `done` and `error` carry the same envelope as every other answer of the REST bridge.
 */
export const questionStreamEvents = {
  delta: z.object({ text: z.string().min(1) }),
  done: z.object({ success: z.literal(true), data: answerSchema }),
  error: z.looseObject({ success: z.literal(false), error: z.string().min(1), code: z.string().optional() }),
}

export type QuestionStreamEventName = keyof typeof questionStreamEvents
export type QuestionStreamDelta = z.infer<typeof questionStreamEvents.delta>
