import type { Logger } from '#server/logger.ts'
import { thrownErrorResponse } from '#server/routes/error-envelope.ts'

const encoder = new TextEncoder()

/** One server-sent event: its name and its data as one JSON line. */
export const serverSentEvent = (event: string, data: unknown) =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)

/**
 * A text/event-stream answer of a service's events, or the JSON error a refusal before the first
 * event gives. A failure after the first event is the `error` event, carrying the error envelope.
 */
export async function eventStreamResponse<Event>(
  events: AsyncGenerator<Event, void>,
  encode: (event: Event) => Uint8Array,
  log: Logger,
): Promise<Response> {
  let current: IteratorResult<Event, void>
  try {
    current = await events.next()
  } catch (error) {
    return thrownErrorResponse(error, log)
  }
  const stream = new ReadableStream<Uint8Array>({
    // One event per pull: a delta leaves as soon as the engine yields it, and a slow reader holds the engine back.
    async pull(controller) {
      try {
        if (current.done) {
          controller.close()
          return
        }
        controller.enqueue(encode(current.value))
        current = await events.next()
      } catch (error) {
        const response = thrownErrorResponse(error, log)
        controller.enqueue(serverSentEvent('error', await response.json()))
        controller.close()
      }
    },
    async cancel() {
      await events.return(undefined)
    },
  })
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    },
  })
}
