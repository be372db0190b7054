import { authorizedFetch, errorOfResponse } from './authorized-fetch.ts'
import type { AudioAnswer } from './interview-types.ts'
import { eventData, isRecord, readServerSentEvents } from './sse-reader.ts'

/** The server refused the question, or its answer broke off: sending it again would not help. */
export class AudioQuestionFailure extends Error {}

/** The request never reached the server, or its answer never came back: worth sending again. */
export class ConnectionLost extends Error {}

function questionForm(audio: Blob, sessionId?: string) {
  const form = new FormData()
  form.append('audio', audio, 'question.wav')
  if (sessionId) form.append('sessionId', sessionId)
  return form
}

/** POST /api/interview/audio-question: the recording as multipart field "audio". */
export async function sendAudioQuestion(audio: Blob, sessionId?: string): Promise<AudioAnswer> {
  const response = await authorizedFetch('/api/interview/audio-question', {
    method: 'POST',
    body: questionForm(audio, sessionId),
  })
  if (!response.ok) throw new AudioQuestionFailure(await errorOfResponse(response))
  const body = (await response.json()) as { success: boolean; data?: AudioAnswer; error?: string }
  if (!body.success || !body.data) throw new AudioQuestionFailure(body.error ?? 'the server sent no answer')
  return body.data
}

type Heard = { transcript: string }
export type AnswerListeners = { onHeard: (heard: Heard) => void; onDelta: (text: string) => void }

/**
 * The same question answered as server-sent events: the transcript (`heard`) as soon as it is
 * known, then the answer as it is written. Rejects with `ConnectionLost` when the network failed
 * before the server answered, else with the server's words.
 */
export async function streamAudioQuestion(
  audio: Blob,
  sessionId: string,
  listeners: AnswerListeners,
  signal?: AbortSignal,
): Promise<AudioAnswer> {
  let response: Response
  try {
    response = await authorizedFetch('/api/interview/audio-question', {
      method: 'POST',
      headers: { accept: 'text/event-stream' },
      body: questionForm(audio, sessionId),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ConnectionLost(error instanceof Error ? error.message : 'the connection failed')
  }
  return readAudioAnswer(response, listeners)
}

/** The answer of an audio question's event stream (this route's, or a streamed utterance's end). */
export async function readAudioAnswer(response: Response, listeners: AnswerListeners): Promise<AudioAnswer> {
  if (!response.ok || !response.body) throw new AudioQuestionFailure(await errorOfResponse(response))
  for await (const { event, data } of readServerSentEvents(response.body)) {
    const payload = eventData(data)
    if (event === 'heard' && isRecord(payload) && typeof payload.transcript === 'string')
      listeners.onHeard({ transcript: payload.transcript })
    else if (event === 'delta' && isRecord(payload) && typeof payload.text === 'string') listeners.onDelta(payload.text)
    else if (
      event === 'done' &&
      isRecord(payload) &&
      isRecord(payload.data) &&
      typeof payload.data.response === 'string'
    )
      return payload.data as AudioAnswer
    else if (event === 'error')
      throw new AudioQuestionFailure(
        isRecord(payload) && typeof payload.error === 'string' ? payload.error : 'the answer stopped early',
      )
  }
  throw new AudioQuestionFailure('the answer stopped early')
}
