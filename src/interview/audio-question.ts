import { authorizedFetch, errorOfResponse } from './authorized-fetch.ts'
import type { AudioAnswer } from './interview-types.ts'

class AudioQuestionFailure extends Error {}

/** POST /api/interview/audio-question: the recording as multipart field "audio". */
export async function sendAudioQuestion(audio: Blob, sessionId?: string): Promise<AudioAnswer> {
  const form = new FormData()
  form.append('audio', audio, 'question.wav')
  if (sessionId) form.append('sessionId', sessionId)
  const response = await authorizedFetch('/api/interview/audio-question', { method: 'POST', body: form })
  if (!response.ok) throw new AudioQuestionFailure(await errorOfResponse(response))
  const body = (await response.json()) as { success: boolean; data?: AudioAnswer; error?: string }
  if (!body.success || !body.data) throw new AudioQuestionFailure(body.error ?? 'the server sent no answer')
  return body.data
}
