/**
 * POST /interview/audio-question with `Accept: text/event-stream`: the transcript arrives as
 * `heard` before the answer, the answer as `delta`s, and `done` carries the same answer as the JSON
 * form; the question is recorded once. Needs espeak-ng.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readServerSentEvents, type ServerSentEvent } from '#src/interview/sse-reader.ts'
import { openApiClient } from '#tests/support/openapi-client.ts'
import { testClientIp } from '#tests/support/rest-client.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'

const baseUrl = inject('baseUrl')
const ip = testClientIp()
let api: Awaited<ReturnType<typeof openApiClient>>
let token = ''
let folder = ''

beforeAll(async () => {
  api = await openApiClient(baseUrl)
  token = (await restCustomer(baseUrl, ip)).accessToken
  folder = await mkdtemp(path.join(tmpdir(), 'ih-audio-stream-'))
  await promisify(execFile)('espeak-ng', [
    '-v',
    'en-us+klatt',
    '-s',
    '140',
    '-w',
    path.join(folder, 'question.wav'),
    'What is a hash map?',
  ])
})

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('POST /interview/audio-question as server-sent events', () => {
  it(
    'sends the transcript first, then the answer as it is written, and records the question once',
    { timeout: 180_000 },
    async () => {
      await api.call('interview-sessionStart', { ip, token, body: { mode: 'voice' } })
      const form = new FormData()
      form.append('audio', new Blob([await readFile(path.join(folder, 'question.wav'))]), 'question.wav')
      const response = await fetch(`${baseUrl}/api/interview/audio-question`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'x-forwarded-for': ip },
        body: form,
      })
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const events: ServerSentEvent[] = []
      if (!response.body) throw new Error('no body')
      for await (const event of readServerSentEvents(response.body)) events.push(event)

      const names = events.map(({ event }) => event)
      expect(names[0]).toBe('heard')
      expect(names.at(-1)).toBe('done')
      expect(names.slice(1, -1).every((name) => name === 'delta')).toBe(true)
      expect(names.length).toBeGreaterThan(2)
      const heard = JSON.parse(events[0]?.data ?? '{}') as { transcript: string }
      expect(heard.transcript).toContain('hash map')
      const done = JSON.parse(events.at(-1)?.data ?? '{}') as {
        success: boolean
        data: { response: string; transcript: string; needsConfirmation: boolean; questionId: string }
      }
      const written = events
        .slice(1, -1)
        .map(({ data }) => (JSON.parse(data) as { text: string }).text)
        .join('')
      expect(done.success).toBe(true)
      expect(done.data).toMatchObject({ needsConfirmation: false, transcript: heard.transcript, response: written })
      expect(done.data.questionId).toEqual(expect.any(String))

      const ended = await api.call('interview-sessionEnd', { ip, token, body: {} })
      expect(ended.body).toMatchObject({ data: { questionsAsked: 1 } })
    },
  )

  it(
    'streams the answer of a request sent with an Idempotency-Key too, and answers its repeat with the same events, recording once',
    { timeout: 180_000 },
    async () => {
      await api.call('interview-sessionStart', { ip, token, body: { mode: 'voice' } })
      const form = new FormData()
      form.append('audio', new Blob([await readFile(path.join(folder, 'question.wav'))]), 'question.wav')
      // One body (one multipart boundary), sent twice.
      const encoded = new Request(baseUrl, { method: 'POST', body: form })
      const body = new Uint8Array(await encoded.arrayBuffer())
      const key = `audio-${crypto.randomUUID()}`
      const ask = () =>
        fetch(`${baseUrl}/api/interview/audio-question`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'text/event-stream',
            'x-forwarded-for': ip,
            'content-type': encoded.headers.get('content-type') ?? '',
            'idempotency-key': key,
          },
          body,
        })
      const read = async (response: Response) => {
        expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
        if (!response.body) throw new Error('no body')
        const events: ServerSentEvent[] = []
        for await (const event of readServerSentEvents(response.body)) events.push(event)
        return events
      }
      const events = await read(await ask())
      expect(events[0]?.event).toBe('heard')
      expect(events.at(-1)?.event).toBe('done')
      const again = await ask()
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(await read(again)).toEqual(events)

      const ended = await api.call('interview-sessionEnd', { ip, token, body: {} })
      expect(ended.body).toMatchObject({ data: { questionsAsked: 1 } })
    },
  )
})
