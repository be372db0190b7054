import { authorizedFetch, errorOfResponse } from './authorized-fetch.ts'
import type { InterviewAnswer, InterviewContext } from './interview-types.ts'
import { eventData, isRecord, readServerSentEvents } from './sse-reader.ts'

class StreamFailure extends Error {}

type StreamInput = { question: string; context?: InterviewContext; sessionId?: string; generated?: boolean }

/**
 * POST /api/interview/question/stream: calls `onDelta` with each piece of the answer as it is
 * written and resolves with the complete answer (`done`). Rejects with the server's words for a
 * refusal before the first word (a JSON error) or a failure during the answer (`error`).
 */
export async function streamQuestion(
  input: StreamInput,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<InterviewAnswer> {
  const response = await authorizedFetch('/api/interview/question/stream', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(input),
    ...(signal ? { signal } : {}),
  })
  if (!response.ok || !response.body) throw new StreamFailure(await errorOfResponse(response))
  for await (const { event, data } of readServerSentEvents(response.body)) {
    const payload = eventData(data)
    if (event === 'delta' && isRecord(payload) && typeof payload.text === 'string') onDelta(payload.text)
    else if (
      event === 'done' &&
      isRecord(payload) &&
      isRecord(payload.data) &&
      typeof payload.data.response === 'string'
    )
      return payload.data as InterviewAnswer
    else if (event === 'error')
      throw new StreamFailure(
        isRecord(payload) && typeof payload.error === 'string' ? payload.error : 'the answer stopped early',
      )
  }
  throw new StreamFailure('the answer stopped early')
}
