import { z } from 'zod'
import { acceptedAudioFormats, acceptedAudioTypes, sniffAudio } from '#server/ai/audio-header.ts'
import { askAudioQuestion, streamAudioQuestion } from '#server/interviews/ask.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import { audioAnswerSchema } from '#server/trpc/schemas/interviews.ts'
import { bodyLimits } from '#server/http/body-limits.ts'
import { eventStreamResponse, serverSentEvent } from './event-stream-response.ts'
import { readRequestBody } from '#server/http/request-body.ts'
import type { ApiRoute } from './api-route-handlers.ts'
import { withIdempotency } from './idempotency.ts'
import { errorResponses, successAnswer } from './route-openapi.ts'
import { routeScope } from './route-scope.ts'

const maxAudioBytes = 10 * 1024 * 1024

/** What this route answers for a request it refuses before the service sees it. */
export const audioRefusals = {
  notMultipart: 'Send multipart/form-data with the recording in the field "audio"',
  tooLarge: 'audio must be at most 10 MB',
  unreadable: 'The multipart body could not be read',
  missing: 'audio is required: send the recording as a file in the field "audio"',
  empty: 'audio is empty',
  notRecording: `audio must be a recording (${acceptedAudioFormats.join(', ')}); these bytes are none of them`,
  badSessionId: 'sessionId must be a session id',
} as const

const sessionIdField = z.uuid(audioRefusals.badSessionId).optional()

/**
 * POST /api/interview/audio-question: multipart/form-data with the recording in the field
 * "audio" (WAV works everywhere; other formats need a configured transcription model) and an
 * optional "sessionId". With `Accept: text/event-stream` the answer streams: `heard`, `delta`s, `done`. The format is read from the recording's bytes, whatever type it was sent as. trpc-to-openapi takes JSON only, so this route calls the same service.
 */
async function handleAudioQuestion(request: Request): Promise<Response> {
  const scope = await routeScope(request)
  if (scope instanceof Response) return scope
  const { log } = scope.runtime
  if (!isSignedIn(scope)) return routeErrorResponse(401, signInRequiredMessage)
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return routeErrorResponse(415, audioRefusals.notMultipart)
  }
  const body = await readRequestBody(request, bodyLimits.audio)
  if (!body.ok) return routeErrorResponse(body.status, body.status === 413 ? audioRefusals.tooLarge : body.message)
  let form: FormData
  try {
    form = await multipartForm(body.bytes, request.headers)
  } catch {
    return routeErrorResponse(400, audioRefusals.unreadable)
  }
  const audio = form.get('audio')
  if (!(audio instanceof File)) return routeErrorResponse(400, audioRefusals.missing)
  if (audio.size === 0) return routeErrorResponse(400, audioRefusals.empty)
  if (audio.size > maxAudioBytes) return routeErrorResponse(413, audioRefusals.tooLarge)
  const bytes = new Uint8Array(await audio.arrayBuffer())
  // The bytes decide, not the declared type: curl sends every file as application/octet-stream.
  const recording = sniffAudio(bytes)
  if (!recording) return routeErrorResponse(415, audioRefusals.notRecording)
  const sessionId = sessionIdField.safeParse(form.get('sessionId') ?? undefined)
  if (!sessionId.success) return routeErrorResponse(400, audioRefusals.badSessionId)
  const input = { audio: bytes, mimeType: recording.mimeType, sessionId: sessionId.data }
  if (wantsEventStream(request))
    return eventStreamResponse(streamAudioQuestion(scope, input, request.signal), encodeEvent, log)
  try {
    const answer = await askAudioQuestion(scope, input)
    return Response.json({ success: true, data: answer })
  } catch (error) {
    return thrownErrorResponse(error, log)
  }
}

export const wantsEventStream = (request: Request) =>
  (request.headers.get('accept') ?? '').includes('text/event-stream')

type AudioStreamEvent = Exclude<Awaited<ReturnType<ReturnType<typeof streamAudioQuestion>['next']>>['value'], void>

/** `heard` (the transcript), `delta` ({ text }), then `done` ({ success: true, data }: the JSON answer). */
export function encodeEvent(event: AudioStreamEvent): Uint8Array {
  const { type, ...data } = event
  if (type === 'done') return serverSentEvent('done', { success: true, data })
  return serverSentEvent(type, data)
}

/** The body was read within its limit first; the platform's multipart parser reads the bytes. */
function multipartForm(bytes: Uint8Array<ArrayBuffer>, headers: Headers): Promise<FormData> {
  const contentType = headers.get('content-type') ?? ''
  return new Response(bytes, { headers: { 'content-type': contentType } }).formData()
}

const audioFormats = acceptedAudioFormats.join(', ')
// What a client may label the part with: any recording type, or none in particular (curl's default).
const audioPartTypes = [...acceptedAudioTypes, 'application/octet-stream'].join(', ')

export const audioQuestionRoute = {
  handlers: { POST: ({ request }: { request: Request }) => withIdempotency(request, handleAudioQuestion) },
  openapi: {
    post: {
      operationId: 'interview-audioQuestion',
      tags: ['interview'],
      summary: 'Answer a spoken question',
      description:
        'multipart/form-data with the recording in the field "audio" (WAV 16-bit PCM works with every configuration; WebM, Ogg, FLAC, MP3 and M4A need AI_TRANSCRIPTION_MODEL), recognised by its bytes whatever type the file was sent as (415 for anything else), at most 10 MB (413 above; a recording of any of these formats longer than the limit in the Uploads section of the guide 413 `audio_too_long`, its length read from its header and container before decoding), and an optional "sessionId". Needs the microphone feature in the plan. The answer carries the transcript and, where the recognizer reports one, `transcriptConfidence` (0–1). Below the confidence threshold the transcript is not answered: `needsConfirmation` is true, nothing is recorded or counted, and the candidate confirms or corrects the words and sends them to POST /interview/question (decision 0055). With `Accept: text/event-stream` the answer streams as server-sent events: `event: heard` (the transcript fields) as soon as the words are known, `event: delta` (`{"text"}`) as the answer is written, then one `event: done` (`{"success": true, "data"}`, the JSON answer) or `event: error` (the error envelope); an unsure transcript is `done` at once.',
      security: [{ bearerAuth: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                // OpenAPI 3.1: a file part is a string of raw bytes of a media type (no base64); 3.1
                // generators type it as a file (Blob/File) rather than as a string.
                audio: {
                  type: 'string',
                  contentMediaType: 'application/octet-stream',
                  description: `The recording, as a file: ${audioFormats}. Its bytes decide its format, not the type it is sent with.`,
                },
                sessionId: { type: 'string', format: 'uuid' },
              },
              required: ['audio'],
            },
            encoding: { audio: { contentType: audioPartTypes } },
          },
        },
      },
      responses: {
        '200': successAnswer(
          'The transcript and the answer, or the transcript alone to confirm (`needsConfirmation`)',
          z.toJSONSchema(audioAnswerSchema, { metadata: z.registry() }),
        ),
        ...errorResponses,
      },
    },
  },
} satisfies ApiRoute
