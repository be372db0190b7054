import { findUnstorableText, unstorableTextError } from '#rules/storable-text.ts'
import { streamQuestion } from '#server/interviews/ask.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse } from '#server/routes/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import { questionInput } from '#server/trpc/schemas/interviews.ts'
import { inputIssues, readableIssues } from '#server/trpc/zod-message.ts'
import { bodyLimits } from '#server/http/body-limits.ts'
import { eventStreamResponse, serverSentEvent } from './event-stream-response.ts'
import type { QuestionStreamDelta, QuestionStreamEventName } from './question-stream-events.ts'
import { isJsonContentType, jsonContentTypeRequired } from '#server/http/json-content-type.ts'
import { readRequestBody } from '#server/http/request-body.ts'
import { routeScope } from './route-scope.ts'

const sse = (event: QuestionStreamEventName, data: unknown) => serverSentEvent(event, data)

type QuestionStreamEvent = Exclude<Awaited<ReturnType<ReturnType<typeof streamQuestion>['next']>>['value'], void>

function encodeEvent(event: QuestionStreamEvent): Uint8Array {
  if (event.type === 'delta') return sse('delta', { text: event.text } satisfies QuestionStreamDelta)
  const { type: _type, ...answer } = event
  return sse('done', { success: true, data: answer })
}

/**
 * POST /api/interview/question/stream: the /interview/question body, answered as server-sent
 * events (see `question-stream-events.ts`): `delta` ({ text }) as the model writes, then `done`
 * ({ success: true, data }: the /interview/question answer) or `error` ({ success: false, error }).
 * Refusals before the first word are ordinary JSON errors.
 */
export async function handleQuestionStream(request: Request): Promise<Response> {
  const scope = await routeScope(request)
  if (scope instanceof Response) return scope
  const { log } = scope.runtime
  if (!isSignedIn(scope)) return routeErrorResponse(401, signInRequiredMessage)
  if (!isJsonContentType(request.headers.get('content-type'))) return routeErrorResponse(415, jsonContentTypeRequired)
  const read = await readRequestBody(request, bodyLimits.interviewContext)
  if (!read.ok) return routeErrorResponse(read.status, read.message)
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read.bytes))
  } catch {
    return routeErrorResponse(400, 'The request body is not valid JSON')
  }
  const unstorableAt = findUnstorableText(body)
  if (unstorableAt !== undefined) return routeErrorResponse(400, unstorableTextError(unstorableAt))
  const input = questionInput.safeParse(body)
  if (!input.success) return routeErrorResponse(400, readableIssues(inputIssues(input.error)))

  return eventStreamResponse(streamQuestion(scope, input.data, request.signal), encodeEvent, log)
}
