import { authorizedFetch, errorOfResponse } from './authorized-fetch.ts'
import {
  AudioQuestionFailure,
  ConnectionLost,
  readAudioAnswer,
  streamAudioQuestion,
  type AnswerListeners,
} from './audio-question.ts'
import type { AudioAnswer } from './interview-types.ts'
import { isRecord } from './sse-reader.ts'

/** The server no longer has the utterance (ended, dropped after going silent, or never opened). */
export class UtteranceGone extends Error {}

/**
 * What a streamed utterance asks of the server (decision 0121); every method rejects with
 * `ConnectionLost` when the request or its answer did not get through (a proxy's gateway error
 * included), `UtteranceGone` on 404, and `AudioQuestionFailure` (the server's words) on any other
 * refusal.
 */
export type UtteranceTransport = {
  open(sessionId: string): Promise<string>
  /** Block `sequence`: the number of blocks the server now has, the next it expects. */
  block(id: string, sequence: number, bytes: Uint8Array): Promise<number>
  /** With the same `key` each time it is repeated: the server answers a repeat with the first answer. */
  end(id: string, blocks: number, key: string, listeners: AnswerListeners): Promise<AudioAnswer>
  cancel(id: string): Promise<void>
  /** The whole recording, as POST /api/interview/audio-question takes it. */
  whole(wav: Blob, sessionId: string, listeners: AnswerListeners): Promise<AudioAnswer>
}

const base = '/api/interview/utterances'

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await authorizedFetch(path, init)
  } catch (error) {
    throw new ConnectionLost(error instanceof Error ? error.message : 'the connection failed')
  }
}

async function json(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch (error) {
    throw new ConnectionLost(error instanceof Error ? error.message : 'the answer broke off')
  }
}

/**
 * A proxy's own answer when the replica it chose could not take the request (it died, or the
 * proxy could not replay the request to another one): a gateway status without the app's error
 * envelope. The request did not get through, so it is sent again as after a dropped connection;
 * the app's own 502 or 503 (a provider failed, nothing configured) carries its envelope and stands.
 */
async function isGatewayFailure(response: Response): Promise<boolean> {
  if (![502, 503, 504].includes(response.status)) return false
  const text = await response
    .clone()
    .text()
    .catch(() => '')
  try {
    const body: unknown = JSON.parse(text)
    return !(isRecord(body) && body.success === false && typeof body.code === 'string')
  } catch {
    return true
  }
}

async function refused(response: Response): Promise<Error> {
  if (response.status === 404) return new UtteranceGone(await errorOfResponse(response))
  if (await isGatewayFailure(response)) return new ConnectionLost(`the proxy answered ${response.status}`)
  return new AudioQuestionFailure(await errorOfResponse(response))
}

const dataOf = (body: unknown) => (isRecord(body) && isRecord(body.data) ? body.data : {})

/** The streamed utterances' routes, over the page's authorised fetch. */
export const httpUtteranceTransport: UtteranceTransport = {
  async open(sessionId) {
    const response = await send(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    })
    if (response.status !== 201) throw await refused(response)
    const id = dataOf(await json(response)).utteranceId
    if (typeof id !== 'string') throw new AudioQuestionFailure('the server gave no utterance id')
    return id
  },
  async block(id, sequence, bytes) {
    const response = await send(`${base}/${id}/blocks/${sequence}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Blob([new Uint8Array(bytes)]),
    })
    if (response.status === 409) {
      // A block lost on the way: the server says which to send next.
      const body = await json(response)
      const expected = isRecord(body) && isRecord(body.details) ? Number(body.details.expected) : Number.NaN
      if (Number.isInteger(expected)) return expected
      throw new AudioQuestionFailure(isRecord(body) && typeof body.error === 'string' ? body.error : 'refused')
    }
    if (response.status === 429) {
      // Sent faster than it is spoken (a backlog after the connection came back): wait, then again.
      const seconds = Number(response.headers.get('retry-after'))
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number.isFinite(seconds) ? seconds : 1, 5) * 1000))
      return sequence
    }
    if (!response.ok) throw await refused(response)
    const received = dataOf(await json(response)).received
    return typeof received === 'number' ? received : sequence + 1
  },
  async end(id, blocks, key, listeners) {
    const response = await send(`${base}/${id}/end`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'idempotency-key': key },
      body: JSON.stringify({ blocks }),
    })
    if (!response.ok) throw await refused(response)
    return readAudioAnswer(response, listeners)
  },
  async cancel(id) {
    await send(`${base}/${id}`, { method: 'DELETE' })
  },
  whole: (wav, sessionId, listeners) => streamAudioQuestion(wav, sessionId, listeners),
}
