import { z } from 'zod'
import { acceptedAudioFormats, sniffAudio } from '#server/ai/audio-header.ts'
import { askAudioQuestion } from '#server/interviews/ask.ts'
import { isSignedIn } from '#server/request-scope.ts'
import { routeErrorResponse, thrownErrorResponse } from '#server/rest/error-envelope.ts'
import { bodyLimits } from './body-limits.ts'
import { readRequestBody } from './request-body.ts'
import { routeScope } from './route-scope.ts'

const maxAudioBytes = 10 * 1024 * 1024
const sessionIdField = z.uuid('sessionId must be a session id').optional()

/**
 * POST /api/interview/audio-question: multipart/form-data with the recording in the field
 * "audio" (WAV works everywhere; other formats need a configured transcription model) and an
 * optional "sessionId". The format is read from the recording's bytes, whatever type it was sent as. trpc-to-openapi takes JSON only, so this route calls the same service.
 */
export async function handleAudioQuestion(request: Request): Promise<Response> {
  const scope = await routeScope(request)
  if (scope instanceof Response) return scope
  const { log } = scope.runtime
  if (!isSignedIn(scope)) return routeErrorResponse(401, 'Sign in to continue: a valid access token is required')
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return routeErrorResponse(415, 'Send multipart/form-data with the recording in the field "audio"')
  }
  const body = await readRequestBody(request, bodyLimits.audio)
  if (!body.ok)
    return routeErrorResponse(body.status, body.status === 413 ? 'audio must be at most 10 MB' : body.message)
  let form: FormData
  try {
    form = await multipartForm(body.bytes, request.headers)
  } catch {
    return routeErrorResponse(400, 'The multipart body could not be read')
  }
  const audio = form.get('audio')
  if (!(audio instanceof File))
    return routeErrorResponse(400, 'audio is required: send the recording as a file in the field "audio"')
  if (audio.size === 0) return routeErrorResponse(400, 'audio is empty')
  if (audio.size > maxAudioBytes) return routeErrorResponse(413, 'audio must be at most 10 MB')
  const bytes = new Uint8Array(await audio.arrayBuffer())
  // The bytes decide, not the declared type: curl sends every file as application/octet-stream.
  const recording = sniffAudio(bytes)
  if (!recording)
    return routeErrorResponse(
      415,
      `audio must be a recording (${acceptedAudioFormats.join(', ')}); these bytes are none of them`,
    )
  const sessionId = sessionIdField.safeParse(form.get('sessionId') ?? undefined)
  if (!sessionId.success) return routeErrorResponse(400, 'sessionId must be a session id')
  try {
    const answer = await askAudioQuestion(scope, {
      audio: bytes,
      mimeType: recording.mimeType,
      sessionId: sessionId.data,
    })
    return Response.json({ success: true, data: answer })
  } catch (error) {
    return thrownErrorResponse(error, log)
  }
}

/** The body was read within its limit first; the platform's multipart parser reads the bytes. */
function multipartForm(bytes: Uint8Array<ArrayBuffer>, headers: Headers): Promise<FormData> {
  const contentType = headers.get('content-type') ?? ''
  return new Response(bytes, { headers: { 'content-type': contentType } }).formData()
}
