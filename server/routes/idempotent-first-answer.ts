import { z } from 'zod'
import { completeKey, releaseKey, wroteUnderKey } from '#server/idempotency/idempotency-keys.ts'
import { routeErrorResponse } from './error-envelope.ts'
import { currentRequestContext, noteIdempotencyKey, runInRequestContext } from '#server/request-context.ts'
import type { Runtime } from '#server/runtime.types.ts'

const answerLostMessage =
  'This request was carried out, but its answer was lost. It is not carried out again: its result shows in your account (e.g. the active session).'

/**
 * Runs the request and keeps its answer for the repeats. A failure of ours (5xx, or a throw), a
 * rate limit, or a refusal the client is expected to get past (blocks still missing) releases the
 * key, so a repeat runs the request again, unless one of its writes committed: then the key keeps a 500 saying so (the answer that was lost cannot be made again),
 * and a repeat changes nothing a second time. A try that died holding the key (its server killed)
 * is judged the same way when a repeat takes the key over: by the events that carry the key.
 * An event stream goes to the reader as it is produced and is kept once it has ended.
 */
export async function firstAnswer(
  runtime: Runtime,
  { takenOver, ...id }: { userId: string; key: string; takenOver: boolean },
  run: () => Promise<Response>,
): Promise<Response> {
  // The try that held the key died; when its writes committed, it is not carried out again.
  if (takenOver && (await wroteUnderKey(runtime.db, id, runtime.clock))) return keepAnswerLost(runtime, id)
  noteIdempotencyKey(id.key)
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
  if (response.body && isEventStream(response)) return keptWhileStreamed(runtime, id, response, response.body)
  const body = await response.text()
  if (refusedForNow(response.status, body)) {
    await settleFailure(runtime, id, committedWrites() > committedBefore)
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
  await completeKey(runtime.db, id, {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  })
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

/**
 * Refusals whose cause the client removes and then sends the same request again (its recovery, as
 * the API document describes it): not kept, or the repeat would get the refusal back.
 */
const refusedForNowCodes: ReadonlySet<string> = new Set(['utterance_incomplete'])
const refusalCode = z.object({ code: z.string() })

function refusedForNow(status: number, body: string): boolean {
  if (status < 400) return false
  try {
    const parsed = refusalCode.safeParse(JSON.parse(body))
    return parsed.success && refusedForNowCodes.has(parsed.data.code)
  } catch {
    return false
  }
}

const isEventStream = (response: Response) =>
  (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream')

/**
 * The event stream passed through as it comes (the first words reach the page while the rest is
 * produced) and copied: once it has ended the copy is the key's answer. A reader that goes away
 * first settles the key as a failure does.
 */
function keptWhileStreamed(
  runtime: Runtime,
  id: { userId: string; key: string },
  response: Response,
  events: ReadableStream<Uint8Array>,
): Response {
  // The events are produced as the reader pulls them, outside the request's own chain of calls:
  // each pull runs in the request's context, so the writes it makes carry the key and are counted.
  const context = currentRequestContext()
  const inRequest = <T>(work: () => T): T => (context ? runInRequestContext(context, work) : work())
  const committedBefore = committedWrites(context)
  const source = events.getReader()
  const decoder = new TextDecoder()
  let copy = ''
  const passed = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: ReadableStreamReadResult<Uint8Array>
      try {
        next = await inRequest(() => source.read())
      } catch (error) {
        await settleFailure(runtime, id, committedWrites(context) > committedBefore)
        controller.error(error)
        return
      }
      if (next.done) {
        copy += decoder.decode()
        await completeKey(runtime.db, id, {
          status: response.status,
          contentType: response.headers.get('content-type'),
          body: copy,
        })
        controller.close()
        return
      }
      copy += decoder.decode(next.value, { stream: true })
      controller.enqueue(next.value)
    },
    async cancel(reason) {
      await inRequest(() => source.cancel(reason))
      await settleFailure(runtime, id, committedWrites(context) > committedBefore)
    },
  })
  return new Response(passed, { status: response.status, statusText: response.statusText, headers: response.headers })
}

function committedWrites(context = currentRequestContext()): number {
  return context?.committedWrites ?? 0
}

async function settleFailure(runtime: Runtime, id: { userId: string; key: string }, committed: boolean) {
  if (committed) await keepAnswerLost(runtime, id)
  else await releaseKey(runtime.db, id)
}

/** Keeps, for this try and its repeats, the 500 saying the request was carried out but its answer lost. */
async function keepAnswerLost(runtime: Runtime, id: { userId: string; key: string }): Promise<Response> {
  const lost = routeErrorResponse(500, answerLostMessage, undefined, 'internal_error')
  const body = await lost.clone().text()
  await completeKey(runtime.db, id, { status: lost.status, contentType: lost.headers.get('content-type'), body })
  return lost
}
