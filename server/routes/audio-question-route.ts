import { z } from 'zod'
import { acceptedAudioFormats, sniffAudio } from '#server/ai/audio-header.ts'
import { askAudioQuestion, streamAudioQuestion } from '#server/interviews/ask.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { signInRequiredMessage } from '#server/trpc/init.ts'
import { bodyLimits } from '#server/http/body-limits.ts'
import { eventStreamResponse, serverSentEvent } from './event-stream-response.ts'
import { readRequestBody } from '#server/http/request-body.ts'
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
export async function handleAudioQuestion(request: Request): Promise<Response> {
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

const wantsEventStream = (request: Request) => (request.headers.get('accept') ?? '').includes('text/event-stream')

type AudioStreamEvent = Exclude<Awaited<ReturnType<ReturnType<typeof streamAudioQuestion>['next']>>['value'], void>

/** `heard` (the transcript), `delta` ({ text }), then `done` ({ success: true, data }: the JSON answer). */
function encodeEvent(event: AudioStreamEvent): Uint8Array {
  const { type, ...data } = event
  if (type === 'done') return serverSentEvent('done', { success: true, data })
  return serverSentEvent(type, data)
}

/** The body was read within its limit first; the platform's multipart parser reads the bytes. */
function multipartForm(bytes: Uint8Array<ArrayBuffer>, headers: Headers): Promise<FormData> {
  const contentType = headers.get('content-type') ?? ''
  return new Response(bytes, { headers: { 'content-type': contentType } }).formData()
}
