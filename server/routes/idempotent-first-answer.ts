import { completeKey, releaseKey, type StoredAnswer } from '#server/idempotency/idempotency-keys.ts'
import { routeErrorResponse } from './error-envelope.ts'
import { currentRequestContext } from '#server/request-context.ts'
import type { Runtime } from '#server/runtime.types.ts'

const answerLostMessage =
  'This request was carried out, but its answer was lost. It is not carried out again: its result shows in your account (e.g. the active session).'

/**
 * Runs the request and keeps its answer for the repeats. A failure of ours (5xx, or a throw) or a
 * rate limit releases the key, so a repeat runs the request again, unless one of its writes
 * committed: then the key keeps a 500 saying so (the answer that was lost cannot be made again),
 * and a repeat changes nothing a second time.
 */
export async function firstAnswer(
  runtime: Runtime,
  id: { userId: string; key: string },
  run: () => Promise<Response>,
): Promise<Response> {
  const committedBefore = committedWrites()
  let response: Response
  try {
    response = await run()
  } catch (error) {
    await settleFailure(runtime, id, committedWrites() > committedBefore)
    throw error
  }
  if (response.status >= 500 || response.status === 429) {
    await settleFailure(runtime, id, committedWrites() > committedBefore)
    return response
  }
  const body = await response.text()
  await completeKey(runtime.db, id, {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  })
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

function committedWrites(): number {
  return currentRequestContext()?.committedWrites ?? 0
}

async function settleFailure(runtime: Runtime, id: { userId: string; key: string }, committed: boolean) {
  if (!committed) return releaseKey(runtime.db, id)
  const lost = routeErrorResponse(500, answerLostMessage, undefined, 'internal_error')
  const answer: StoredAnswer = {
    status: lost.status,
    contentType: lost.headers.get('content-type'),
    body: await lost.text(),
  }
  return completeKey(runtime.db, id, answer)
}
