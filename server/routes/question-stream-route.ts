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
import type { ApiRoute } from './api-route-handlers.ts'
import type { SchemaObject } from './openapi-shapes.ts'
import { errorResponses } from './route-openapi.ts'
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
async function handleQuestionStream(request: Request): Promise<Response> {
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

/** The data of each event, by event name (`question-stream-events.ts`). */
const streamEvents = {
  delta: { $ref: '#/components/schemas/QuestionStreamDelta' },
  done: { $ref: '#/components/schemas/QuestionStreamDone' },
  error: { $ref: '#/components/schemas/ErrorEnvelope' },
}

/** The schemas of the stream's events, added to the document's components. */
const streamEventSchemas: Record<string, SchemaObject> = {
  QuestionStreamDelta: {
    type: 'object',
    title: 'delta',
    description: '`event: delta`: the next piece of the answer, as the model writes it',
    properties: { text: { type: 'string', minLength: 1 } },
    required: ['text'],
    additionalProperties: false,
  },
  QuestionStreamDone: {
    type: 'object',
    title: 'done',
    description: '`event: done`, the last event of a complete answer: the /interview/question answer, enveloped',
    properties: {
      success: { type: 'boolean', const: true },
      data: { $ref: '#/components/schemas/InterviewAnswer' },
    },
    required: ['success', 'data'],
    additionalProperties: false,
  },
}

// trpc-to-openapi takes JSON only and cannot stream: this route is served and described beside the bridge.
export const questionStreamRoute = {
  handlers: { POST: ({ request }: { request: Request }) => handleQuestionStream(request) },
  schemas: streamEventSchemas,
  openapi: {
    post: {
      operationId: 'interview-questionStream',
      tags: ['interview'],
      summary: 'Answer an interview question as server-sent events',
      description:
        'The /interview/question body. The answer streams as server-sent events while the model writes it: `event: delta` (data `{"text"}`, in order; joined they are the answer), then exactly one `event: done` (data `{"success": true, "data": InterviewAnswer}`, the /interview/question answer, counted once) or `event: error` (data: the error envelope; the question is not counted). Each data line is JSON; the text/event-stream schema is the union of the events\' data (`QuestionStreamDelta`, `QuestionStreamDone`, `ErrorEnvelope`), and `x-events` maps each event name to its schema. Refusals before the first word are ordinary JSON errors.',
      security: [{ bearerAuth: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                question: { type: 'string', maxLength: 4000 },
                context: {},
                sessionId: { type: 'string', format: 'uuid' },
              },
              required: ['question'],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'The answer as it is written',
          content: {
            'text/event-stream': {
              // Each event's `data` line is JSON of one of these, told apart by its shape (`text`, or
              // `success` true or false): SSE-aware generators type the events they yield by this schema.
              schema: {
                description:
                  'The `data` of each server-sent event (one `data:` line of JSON each): `event: delta` carries `{"text"}`, then `event: done` the enveloped answer or `event: error` the error envelope.',
                oneOf: [streamEvents.delta, streamEvents.done, streamEvents.error],
              },
              'x-events': streamEvents,
            },
          },
        },
        ...errorResponses,
      },
    },
  },
} satisfies ApiRoute
