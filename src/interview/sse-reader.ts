import { createParser } from 'eventsource-parser'

export type ServerSentEvent = { event: string; data: string }

/**
 * Reads a text/event-stream body into events as they arrive, with eventsource-parser. EventSource
 * itself cannot be used: it only sends GET requests without an Authorization header. The end of
 * the body ends an event the server did not close with a blank line, so the last one is kept.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const ready: ServerSentEvent[] = []
  const parser = createParser({ onEvent: ({ event, data }) => ready.push({ event: event ?? 'message', data }) })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.feed(decoder.decode(value, { stream: true }))
      yield* ready.splice(0)
    }
    parser.feed(`${decoder.decode()}\n\n`)
    yield* ready.splice(0)
  } finally {
    reader.releaseLock()
  }
}

/** An event's data as JSON, or null where it is not JSON. */
export function eventData(data: string): unknown {
  try {
    return JSON.parse(data)
  } catch {
    return null
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
