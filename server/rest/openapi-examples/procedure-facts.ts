import { forEachOpenApiProcedure, getInputOutputParsers } from 'trpc-to-openapi'
import type { z } from 'zod'
import { bodyLimits } from '#server/http/body-limits.ts'
import { bodyTooLargeMessage } from '#server/http/request-body.ts'
import { audioRefusals } from '#server/routes/audio-question-route.ts'
import { questionInput } from '#server/trpc/schemas/interviews.ts'
import { bodyLimitOf } from '#server/trpc/body-limit.ts'
import { appRouter } from '#server/trpc/router.ts'
import { inputIssues, readableIssues } from '#server/trpc/zod-message.ts'
import type { OperationFacts } from './error-examples.ts'

type Procedure = { input: z.ZodType; maxBodyBytes: number }

const procedures = new Map<string, Procedure>()
forEachOpenApiProcedure(appRouter._def.procedures, ({ meta, procedure }) => {
  const { inputParser } = getInputOutputParsers(procedure)
  procedures.set(`${meta.openapi.method} ${meta.openapi.path}`, {
    input: inputParser,
    maxBodyBytes: bodyLimitOf(meta),
  })
})

// The routes served beside the bridge read their bodies themselves (server/http).
const routes: Record<string, Partial<Procedure> & { tooLarge?: string }> = {
  'POST /interview/question/stream': { input: questionInput, maxBodyBytes: bodyLimits.interviewContext },
  'POST /interview/audio-question': { tooLarge: audioRefusals.tooLarge },
}

/** The server's words for a request without any of its required fields, as the bridge answers it. */
function missingInputMessage(input: z.ZodType | undefined): string | undefined {
  // An operation that takes nothing (`z.void()`) has no fields to leave out.
  if (!input || input.safeParse(undefined).success) return undefined
  const parsed = input.safeParse({})
  return !parsed.success ? readableIssues(inputIssues(parsed.error)) : undefined
}

/** What the shared error examples of `METHOD path` depend on, read from the procedure that serves it. */
export function operationFacts(method: string, path: string): OperationFacts {
  const key = `${method.toUpperCase()} ${path}`
  const served = procedures.get(key) ?? routes[key]
  return {
    method,
    missingInputMessage: missingInputMessage(served?.input),
    tooLargeMessage: routes[key]?.tooLarge ?? bodyTooLargeMessage(served?.maxBodyBytes ?? bodyLimits.json),
  }
}
