import { bodyLimits } from '#server/http/body-limits.ts'
import { analyzeScreenshot } from '#server/interviews/ask.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { screenshotAnswerSchema, screenshotInput } from '#server/trpc/schemas/interviews.ts'

export const screenshot = signedInProcedure
  .meta({
    expensive: true,
    maxBodyBytes: bodyLimits.screenshot,
    openapi: {
      method: 'POST',
      path: '/interview/screenshot',
      operationId: 'interview-screenshot',
      tags: ['interview'],
      summary: 'Read a screenshot and answer what it asks',
      description:
        'image: PNG, JPEG or WebP as base64 or a data: URL, at most 5 MB (413 above). Needs screen analysis in the plan (403 otherwise).',
      protect: true,
    },
  })
  .input(screenshotInput)
  .output(screenshotAnswerSchema)
  .mutation(({ ctx, input }) => analyzeScreenshot(ctx.scope, input))
