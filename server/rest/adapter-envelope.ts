import { z } from 'zod'
import { readableIssues, type InputIssue } from '#server/trpc/zod-message.ts'
import { isPublicErrorCode } from '#server/trpc/public-error-codes.ts'
import { bridgeErrorResponse } from '#server/routes/error-envelope.ts'
import { jsonContentTypeRequired } from '#server/http/json-content-type.ts'
import { jsonTextResponse } from '#server/http/json-response.ts'

/** Every REST answer is `{success: true, data}` or `{success: false, error, code}`. */

const issueSchema = z.object({ path: z.string(), message: z.string() })
const zodIssueSchema = z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })

/** The error body trpc-to-openapi writes: our formatted shape plus its own `message`, `code`, `issues`. */
const openApiErrorBodySchema = z.object({
  message: z.string().optional(),
  code: z.string().optional(),
  data: z
    .object({
      issues: z.array(issueSchema).optional(),
      errorCode: z.string().optional(),
      details: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  issues: z.array(zodIssueSchema).optional(),
})

// The adapter's own wording for these is unhelpful ("Unsupported content-type \"text/plain").
export const adapterMessages = {
  PARSE_ERROR: 'The request body is not valid JSON',
  UNSUPPORTED_MEDIA_TYPE: jsonContentTypeRequired,
} as const
const defaultMessages: Record<string, string> = adapterMessages

/** Turns the adapter's raw answer into the envelope, keeping the status code. */
export function envelopeFromAdapter(status: number, body: string, headers: Headers): Response {
  headers.delete('content-length')
  if (status < 400) return successResponse(body, status, headers)
  const parsed = parseJson(body)
  const errorBody = openApiErrorBodySchema.safeParse(parsed.ok ? parsed.value : {})
  const code = errorBody.success ? errorBody.data.data?.errorCode : undefined
  return bridgeErrorResponse(
    status,
    errorBody.success ? errorMessage(errorBody.data) : `Request failed with status ${status}`,
    headers,
    isPublicErrorCode(code) ? code : undefined,
    errorBody.success ? errorBody.data.data?.details : undefined,
  )
}

function errorMessage(body: z.infer<typeof openApiErrorBodySchema>): string {
  const issues: InputIssue[] | undefined =
    body.data?.issues ?? body.issues?.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  if (issues && issues.length > 0) return readableIssues(issues)
  // Only the adapter's own words are replaced; a procedure's message for the same code stays.
  const adapterWords =
    body.message === undefined ||
    /^(Unsupported content-type|Missing content-type header|Failed to parse request body)/i.test(body.message)
  const byCode = body.code && adapterWords ? defaultMessages[body.code] : undefined
  return byCode ?? body.message ?? 'Request failed'
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/**
 * `{success: true, data}` around the adapter's body as it is: the adapter wrote it with
 * JSON.stringify a moment ago, so parsing and writing it again would only cost time. No body
 * (an output of `undefined`) is `data: null`.
 */
function successResponse(body: string, status: number, headers: Headers): Response {
  return jsonTextResponse(`{"success":true,"data":${body === '' ? 'null' : body}}`, status, headers)
}
