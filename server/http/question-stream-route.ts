import { findUnstorableText, unstorableTextError } from '#rules/storable-text.ts'
import { streamQuestion } from '#server/interviews/ask.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/rest/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import { questionInput } from '#server/trpc/schemas/interviews.ts'
import { inputIssues, readableIssues } from '#server/trpc/zod-message.ts'
import { bodyLimits } from './body-limits.ts'
import type { QuestionStreamDelta, QuestionStreamEventName } from './question-stream-events.ts'
import { isJsonContentType, jsonContentTypeRequired } from './json-content-type.ts'
import { readRequestBody } from './request-body.ts'
import { routeScope } from './route-scope.ts'

const encoder = new TextEncoder()
const sse = (event: QuestionStreamEventName, data: unknown) =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)

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

  const events = streamQuestion(scope, input.data, request.signal)
  let first: Awaited<ReturnType<typeof events.next>>
  try {
    first = await events.next()
  } catch (error) {
    return thrownErrorResponse(error, log)
  }
  let current = first
  const stream = new ReadableStream<Uint8Array>({
    // One event per pull: a delta leaves as soon as the engine yields it, and a slow reader holds the engine back.
    async pull(controller) {
      try {
        if (current.done) {
          controller.close()
          return
        }
        controller.enqueue(encodeEvent(current.value))
        current = await events.next()
      } catch (error) {
        const response = thrownErrorResponse(error, log)
        controller.enqueue(sse('error', await response.json()))
        controller.close()
      }
    },
    async cancel() {
      await events.return(undefined)
    },
  })
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    },
  })
}
