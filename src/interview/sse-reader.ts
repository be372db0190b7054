export type ServerSentEvent = { event: string; data: string }

/**
 * Reads a text/event-stream body into events as they arrive (the HTML "event stream" format:
 * `event:` and `data:` fields, a blank line ends an event, `:` lines are comments). EventSource
 * cannot be used: it only sends GET requests without an Authorization header.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const parser = createEventParser()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      yield* parser.push(decoder.decode(value, { stream: true }))
    }
    yield* parser.push(`${decoder.decode()}\n\n`)
  } finally {
    reader.releaseLock()
  }
}

/** The parsing half, separate from the stream so it can be fed any split of the text. */
export function createEventParser() {
  let buffer = ''
  let event = ''
  let data: string[] = []

  function* line(text: string): Generator<ServerSentEvent> {
    if (text === '') {
      if (data.length > 0) yield { event: event || 'message', data: data.join('\n') }
      event = ''
      data = []
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }

  return {
    *push(chunk: string): Generator<ServerSentEvent> {
      buffer += chunk
      // A \r at the very end may be the first half of \r\n: wait for the next chunk.
      for (let match = /\r\n|\r(?!$)|\n/.exec(buffer); match; match = /\r\n|\r(?!$)|\n/.exec(buffer)) {
        const text = buffer.slice(0, match.index)
        buffer = buffer.slice(match.index + match[0].length)
        yield* line(text)
      }
    },
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
