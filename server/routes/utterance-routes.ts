/**
 * A spoken question streamed while it is spoken (decision 0121), behind the same sign-in and plan
 * check as POST /interview/audio-question (the microphone feature):
 *
 * - POST /api/interview/utterances `{sessionId?}` opens one (201, its id and the audio format);
 * - PUT /api/interview/utterances/{id}/blocks/{sequence} sends block `sequence` (0, 1, …) as raw
 *   16 kHz mono 16-bit little-endian samples (`application/octet-stream`); a repeat with the same
 *   bytes is acknowledged again and changes nothing;
 * - POST /api/interview/utterances/{id}/end `{blocks}` ends it: the answer, as the audio question
 *   gives it (server-sent events with `Accept: text/event-stream`, JSON otherwise);
 * - DELETE /api/interview/utterances/{id} cancels it.
 *
 * Every refusal is a 4xx with the error envelope, and changes nothing.
 */
import { z } from 'zod'
import {
  cancelUtterance,
  endUtterance,
  feedUtterance,
  openUtterance,
  utteranceFormat,
  utteranceLimits,
} from '#server/interviews/utterances.ts'
import { isSignedIn, type SignedInScope } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import { audioAnswerSchema } from '#server/trpc/schemas/interviews.ts'
import { bodyLimits } from '#server/http/body-limits.ts'
import { isJsonContentType, jsonContentTypeRequired } from '#server/http/json-content-type.ts'
import { readRequestBody } from '#server/http/request-body.ts'
import type { ApiRoute, RouteContext } from './api-route-handlers.ts'
import { encodeEvent, wantsEventStream } from './audio-question-route.ts'
import { eventStreamResponse } from './event-stream-response.ts'
import type { PathItem } from './openapi-shapes.ts'
import { errorEnvelope, successAnswer } from './route-openapi.ts'
import { withIdempotency } from './idempotency.ts'
import { routeScope } from './route-scope.ts'

export const utteranceRouteRefusals = {
  badId: 'id must be an utterance id',
  badSequence: 'sequence must be a whole number from 0',
  notOctetStream: 'Send the block as the raw samples with Content-Type: application/octet-stream',
  emptyBlock: 'The block is empty',
  oddBlock: 'A block is whole 16-bit samples: an even number of bytes',
  blockTooLarge: `A block may be at most ${utteranceLimits.maxBlockBytes} bytes (two seconds); send longer audio as more blocks`,
  notJson: 'The request body is not valid JSON',
} as const

const idSchema = z.uuid(utteranceRouteRefusals.badId)
const sequenceSchema = z
  .string()
  .regex(/^(?:0|[1-9]\d{0,6})$/, utteranceRouteRefusals.badSequence)
  .transform(Number)
const openSchema = z.object({ sessionId: z.uuid('sessionId must be a session id').optional() }).strict()
const endSchema = z
  .object({ blocks: z.number('blocks must be the number of blocks sent').int().min(0).max(10_000_000) })
  .strict()

type Handled = (scope: SignedInScope) => Promise<Response>

/** Signed in, then the handler; a refusal the service throws becomes its 4xx. */
async function signedIn(request: Request, handle: Handled): Promise<Response> {
  const scope = await routeScope(request)
  if (scope instanceof Response) return scope
  if (!isSignedIn(scope)) return routeErrorResponse(401, signInRequiredMessage)
  try {
    return await handle(scope)
  } catch (error) {
    return thrownErrorResponse(error, scope.runtime.log)
  }
}

/** A small JSON body (an empty one is `{}`), or the refusal. */
async function jsonBody(request: Request): Promise<{ body: unknown } | Response> {
  const read = await readRequestBody(request, bodyLimits.json)
  if (!read.ok) return routeErrorResponse(read.status, read.message)
  if (read.bytes.byteLength === 0) return { body: {} }
  if (!isJsonContentType(request.headers.get('content-type'))) return routeErrorResponse(415, jsonContentTypeRequired)
  try {
    return { body: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read.bytes)) }
  } catch {
    return routeErrorResponse(400, utteranceRouteRefusals.notJson)
  }
}

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'The request is not valid'

function handleOpen({ request }: { request: Request }) {
  return signedIn(request, async (scope) => {
    const read = await jsonBody(request)
    if (read instanceof Response) return read
    const input = openSchema.safeParse(read.body)
    if (!input.success) return routeErrorResponse(400, firstIssue(input.error))
    return Response.json({ success: true, data: await openUtterance(scope, input.data) }, { status: 201 })
  })
}

type OfUtterance<Params> = { scope: SignedInScope; id: string; request: Request; params: Params }

/** Signed in, and the path names an utterance id, then the handler. */
function forUtterance<Params extends { id: string }>(handle: (context: OfUtterance<Params>) => Promise<Response>) {
  return ({ request, params }: RouteContext<Params>) =>
    signedIn(request, (scope) => {
      const id = idSchema.safeParse(params.id)
      if (!id.success) return Promise.resolve(routeErrorResponse(400, utteranceRouteRefusals.badId))
      return handle({ scope, id: id.data, request, params })
    })
}

const handleBlock = forUtterance<{ id: string; sequence: string }>(async ({ scope, id, request, params }) => {
  const sequence = sequenceSchema.safeParse(params.sequence)
  if (!sequence.success) return routeErrorResponse(400, utteranceRouteRefusals.badSequence)
  const type = (request.headers.get('content-type') ?? '').toLowerCase().split(';')[0]?.trim()
  if (type !== 'application/octet-stream') return routeErrorResponse(415, utteranceRouteRefusals.notOctetStream)
  const read = await readRequestBody(request, utteranceLimits.maxBlockBytes)
  if (!read.ok)
    return routeErrorResponse(read.status, read.status === 413 ? utteranceRouteRefusals.blockTooLarge : read.message)
  if (read.bytes.byteLength === 0) return routeErrorResponse(400, utteranceRouteRefusals.emptyBlock)
  if (read.bytes.byteLength % 2 !== 0) return routeErrorResponse(400, utteranceRouteRefusals.oddBlock)
  const acknowledged = await feedUtterance(scope, id, sequence.data, read.bytes)
  return Response.json({ success: true, data: acknowledged })
})

const handleEnd = forUtterance<{ id: string }>(async ({ scope, id, request }) => {
  const read = await jsonBody(request)
  if (read instanceof Response) return read
  const input = endSchema.safeParse(read.body)
  if (!input.success) return routeErrorResponse(400, firstIssue(input.error))
  const events = endUtterance(scope, id, input.data.blocks, request.signal)
  if (wantsEventStream(request)) return eventStreamResponse(events, encodeEvent, scope.runtime.log)
  for await (const event of events) {
    if (event.type === 'done') {
      const { type: _type, ...answer } = event
      return Response.json({ success: true, data: answer })
    }
  }
  throw new Error('The answer ended without its last event')
})

const handleCancel = forUtterance<{ id: string }>(({ scope, id }) => {
  cancelUtterance(scope, id)
  return Promise.resolve(Response.json({ success: true, data: { utteranceId: id, cancelled: true } }))
})

const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The utterance id POST /interview/utterances gave',
  schema: { type: 'string', format: 'uuid' },
} as const
const refusal = (description: string) => ({ description, content: errorEnvelope })
const common = {
  '400': refusal('Bad input'),
  '401': refusal('Not signed in'),
  '404': refusal('No open utterance of yours with this id (`not_found`)'),
  default: refusal('Any other failure'),
}
const jsonBodyOf = (schema: Record<string, unknown>) => ({
  required: false,
  content: { 'application/json': { schema } },
})

const openPath: PathItem = {
  post: {
    operationId: 'interview-utteranceOpen',
    tags: ['interview'],
    summary: 'Open a spoken question streamed while it is spoken',
    description: `Opens an utterance for the session named (or the newest active one): its audio follows in blocks (PUT …/blocks/{sequence}) while the person speaks, and is recognised as it comes, so that the answer starts soon after the end (POST …/end). Needs the microphone feature in the plan (403 \`feature_not_in_plan\`), an active session (409), and at most ${utteranceLimits.openPerPerson} of your utterances open at once (429 \`queue_full\`) and ${utteranceLimits.opensPerMinute} opened in a minute (429 \`rate_limited\` with \`Retry-After\`). An utterance sent nothing for ${utteranceLimits.idleMs / 1000} s is dropped, and any utterance ${utteranceLimits.lifetimeMs / 1000} s after its open. The audio lives in the server's memory until the end or the cancel and is not kept; the question is recorded as POST /interview/audio-question records it.`,
    security: [{ bearerAuth: [] }],
    requestBody: jsonBodyOf({
      type: 'object',
      properties: { sessionId: { type: 'string', format: 'uuid' } },
      additionalProperties: false,
    }),
    responses: {
      '201': successAnswer('The utterance, and the audio its blocks carry', {
        type: 'object',
        properties: {
          utteranceId: { type: 'string', format: 'uuid' },
          sessionId: { type: 'string', format: 'uuid' },
          encoding: { type: 'string', const: utteranceFormat.encoding },
          sampleRate: { type: 'integer', const: utteranceFormat.sampleRate },
          channels: { type: 'integer', const: utteranceFormat.channels },
          maxSeconds: { type: 'number' },
          maxBlockBytes: { type: 'integer' },
          idleSeconds: { type: 'number' },
        },
        required: [
          'utteranceId',
          'sessionId',
          'encoding',
          'sampleRate',
          'channels',
          'maxSeconds',
          'maxBlockBytes',
          'idleSeconds',
        ],
      }),
      ...common,
      '403': refusal('Not part of the plan, or no active plan'),
      '409': refusal('No active interview session'),
      '415': refusal('A body that is not JSON'),
      '429': refusal(
        'Too many of your utterances open (`queue_full`), or opened this minute (`rate_limited`, counted across the servers)',
      ),
      '503': refusal('Nothing configured on this server can recognise speech'),
    },
  },
}

const blockPath: PathItem = {
  put: {
    operationId: 'interview-utteranceBlock',
    tags: ['interview'],
    summary: 'Send one block of an open utterance',
    description: `Block \`sequence\` (0, 1, 2, … without gaps) of the utterance: raw 16 kHz mono 16-bit little-endian samples, an even number of bytes, at most ${utteranceLimits.maxBlockBytes} (two seconds). Sent again with the same bytes (a retry after a lost answer) it is acknowledged again and nothing changes; with other bytes 409 \`block_mismatch\`; a block after a gap 409 \`block_out_of_order\` with \`details.expected\`, the number to send next. Past the longest spoken question 413 \`audio_too_long\`. Every block but the last is at least ${utteranceLimits.minBlockBytes} bytes (a tenth of a second): after a shorter one, a new block is 400 \`invalid_request\`. The audio is spoken, not uploaded: a block that would put it more than ${utteranceLimits.aheadSeconds} s ahead of the time since the open is 429 \`rate_limited\` with \`Retry-After\`, and nothing of it is taken (send it again then).`,
    security: [{ bearerAuth: [] }],
    parameters: [
      idParameter,
      {
        name: 'sequence',
        in: 'path',
        required: true,
        description: 'The block number, from 0',
        schema: { type: 'string', pattern: '^(?:0|[1-9][0-9]{0,6})$' },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    },
    responses: {
      '200': successAnswer('How much of the utterance has arrived', {
        type: 'object',
        properties: {
          received: { type: 'integer', description: 'Blocks received: the next to send' },
          seconds: { type: 'number', description: 'Seconds of audio received' },
        },
        required: ['received', 'seconds'],
      }),
      ...common,
      '409': refusal('A block out of order, or a repeat with other bytes'),
      '413': refusal('A block too large, or the utterance too long'),
      '415': refusal('Not application/octet-stream'),
      '429': refusal('Sent faster than it is spoken (`rate_limited`): wait `Retry-After` seconds'),
    },
  },
}

const endPath: PathItem = {
  post: {
    operationId: 'interview-utteranceEnd',
    tags: ['interview'],
    summary: 'End an open utterance and answer it',
    description:
      'Ends the utterance, `blocks` of them sent (409 `utterance_incomplete` with `details.received` when fewer arrived: send the missing ones and end again, with the same `Idempotency-Key` if one was sent — that refusal is not kept under it; with an `Idempotency-Key`, an end repeated after its answer was lost gets the first answer again, as server-sent events too). The answer is what POST /interview/audio-question gives for the same audio, with the same refusals (an unsure transcript `needsConfirmation`, 422 `no_speech`), counted against the same session: with `Accept: text/event-stream` as server-sent events (`heard`, `delta`s, `done` or `error`), JSON otherwise.',
    security: [{ bearerAuth: [] }],
    parameters: [idParameter],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { blocks: { type: 'integer', minimum: 0, description: 'How many blocks were sent' } },
            required: ['blocks'],
            additionalProperties: false,
          },
        },
      },
    },
    responses: {
      '200': successAnswer(
        'The transcript and the answer, or the transcript alone to confirm (`needsConfirmation`)',
        z.toJSONSchema(audioAnswerSchema, { metadata: z.registry() }),
      ),
      ...common,
      '403': refusal('Not part of the plan, no active plan, or no interviews left'),
      '409': refusal('Blocks missing, or the session has ended'),
      '415': refusal('A body that is not JSON'),
      '422': refusal('No speech was recognised'),
      '502': refusal('The AI provider failed'),
      '503': refusal('Nothing configured on this server can do it'),
    },
  },
}

const cancelPath: PathItem = {
  delete: {
    operationId: 'interview-utteranceCancel',
    tags: ['interview'],
    summary: 'Cancel an open utterance',
    description:
      'Drops the utterance (a misfire: the sound was too short to be a question): its recognition stops, its audio is let go, nothing is recorded or counted.',
    security: [{ bearerAuth: [] }],
    parameters: [idParameter],
    responses: {
      '200': successAnswer('Cancelled', {
        type: 'object',
        properties: { utteranceId: { type: 'string', format: 'uuid' }, cancelled: { type: 'boolean', const: true } },
        required: ['utteranceId', 'cancelled'],
      }),
      ...common,
    },
  },
}

export const utteranceOpenRoute = { handlers: { POST: handleOpen }, openapi: openPath } satisfies ApiRoute
export const utteranceCancelRoute = { handlers: { DELETE: handleCancel }, openapi: cancelPath } satisfies ApiRoute
export const utteranceBlockRoute = { handlers: { PUT: handleBlock }, openapi: blockPath } satisfies ApiRoute
export const utteranceEndRoute = {
  handlers: {
    // With an Idempotency-Key, an end repeated after its answer was lost gets that answer again.
    POST: ({ request, params }: RouteContext<{ id: string }>) =>
      withIdempotency(request, (repeated) => handleEnd({ request: repeated, params })),
  },
  openapi: endPath,
} satisfies ApiRoute
