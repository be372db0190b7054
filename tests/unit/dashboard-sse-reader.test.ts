import { describe, expect, it } from 'vitest'
import { readServerSentEvents, type ServerSentEvent } from '#src/interview/sse-reader.ts'

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

async function collect(chunks: string[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = []
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event)
  return events
}

describe('the server-sent event reader', () => {
  it('reads the answer stream as the server writes it', async () => {
    const body =
      'event: delta\ndata: {"text":"A closure"}\n\nevent: delta\ndata: {"text":" keeps"}\n\nevent: done\ndata: {"response":"A closure keeps"}\n\n'
    expect(await collect([body])).toEqual([
      { event: 'delta', data: '{"text":"A closure"}' },
      { event: 'delta', data: '{"text":" keeps"}' },
      { event: 'done', data: '{"response":"A closure keeps"}' },
    ])
  })

  it('gives the same events however the bytes are split, CRLF and multi-byte characters included', async () => {
    const body =
      'event: delta\r\ndata: {"text":"naïve → café"}\r\n\r\nevent: error\r\ndata: {"error":"Failed to get response: timeout"}\r\n\r\n'
    const whole = await collect([body])
    const bytes = new TextEncoder().encode(body)
    // Split inside "ï" and between \r and \n.
    const pieces: Uint8Array[] = []
    for (let index = 0; index < bytes.length; index += 3) pieces.push(bytes.slice(index, index + 3))
    const events: ServerSentEvent[] = []
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece)
        controller.close()
      },
    })
    for await (const event of readServerSentEvents(stream)) events.push(event)
    expect(events).toEqual(whole)
    expect(whole[0]?.data).toContain('naïve → café')
    expect(whole[1]).toEqual({ event: 'error', data: '{"error":"Failed to get response: timeout"}' })
  })

  it('joins several data lines, skips comments, defaults the event name and flushes an unterminated last event', async () => {
    expect(await collect([': keep-alive\n\ndata: one\ndata: two\n\n', 'event: done\ndata: {"x":1}'])).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'done', data: '{"x":1}' },
    ])
  })

  it('ignores events without data and fields it does not know', async () => {
    expect(await collect(['event: ping\n\nid: 7\nretry: 100\nevent: delta\ndata:x\n\n'])).toEqual([
      { event: 'delta', data: 'x' },
    ])
  })
})
