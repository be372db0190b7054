/**
 * A spoken question streamed while it is spoken (decision 0121): POST /interview/utterances opens
 * it, PUT …/blocks/{sequence} sends its audio as it is captured, POST …/end answers it as the audio
 * question does. Every refusal is a 4xx with its code and changes nothing: the utterance refused a
 * block still takes the right one and is answered. Needs espeak-ng and PocketSphinx.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { resample } from '#server/ai/offline/speech/resample.ts'
import { encodePcm16, parseWav } from '#server/ai/offline/speech/wav.ts'
import { readServerSentEvents, type ServerSentEvent } from '#src/interview/sse-reader.ts'
import { openApiClient } from '#tests/support/openapi-client.ts'
import { testClientIp } from '#tests/support/rest-client.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'

const baseUrl = inject('baseUrl')
const ip = testClientIp()
let api: Awaited<ReturnType<typeof openApiClient>>
let token = ''
let other = ''
let folder = ''
/** "What is a hash map?" as the page sends it: 16 kHz mono 16-bit samples. */
let pcm: Uint8Array = new Uint8Array()
/** Blocks of 0.4 s, as the page sends them while the person speaks. */
const blockBytes = 12_800

beforeAll(async () => {
  api = await openApiClient(baseUrl)
  token = (await restCustomer(baseUrl, ip)).accessToken
  other = (await restCustomer(baseUrl, testClientIp())).accessToken
  folder = await mkdtemp(path.join(tmpdir(), 'ih-utterance-'))
  const file = path.join(folder, 'question.wav')
  await promisify(execFile)('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', file, 'What is a hash map?'])
  pcm = encodePcm16(resample(parseWav(await readFile(file)), 16_000))
  await api.call('interview-sessionStart', { ip, token, body: { mode: 'voice' } })
  await api.call('interview-sessionStart', { ip, token: other, body: { mode: 'voice' } })
})

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

type Answer = {
  status: number
  body: { success: boolean; code?: string; details?: Record<string, string>; data?: unknown }
}

async function send(
  method: string,
  address: string,
  bearer: string,
  body?: BodyInit,
  type?: string,
  key?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, 'x-forwarded-for': ip }
  if (type) headers['content-type'] = type
  if (key) headers['idempotency-key'] = key
  const response = await fetch(`${baseUrl}/api/interview/utterances${address}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  })
  const text = await response.text()
  return { status: response.status, body: text === '' ? { success: true } : (JSON.parse(text) as Answer['body']) }
}

const open = async (bearer = token) => {
  const opened = await send('POST', '', bearer, '{}', 'application/json')
  expect(opened.status).toBe(201)
  return (opened.body.data as { utteranceId: string }).utteranceId
}
const block = (
  id: string,
  sequence: number | string,
  bytes: Uint8Array,
  bearer = token,
  type = 'application/octet-stream',
) => send('PUT', `/${id}/blocks/${sequence}`, bearer, Buffer.from(bytes), type)
const end = (id: string, blocks: number, bearer = token, key?: string) =>
  send('POST', `/${id}/end`, bearer, JSON.stringify({ blocks }), 'application/json', key)
const asked = async () =>
  (
    (await api.call('interview-sessionActive', { ip, token })).body as {
      data: { session: { questionsAsked: number } }
    }
  ).data.session.questionsAsked
const blocksOf = (bytes: Uint8Array) =>
  Array.from({ length: Math.ceil(bytes.byteLength / blockBytes) }, (_, index) =>
    bytes.subarray(index * blockBytes, (index + 1) * blockBytes),
  )

describe('a spoken question streamed while it is spoken', () => {
  it(
    'is answered as the whole recording is, as server-sent events, a repeated block changing nothing',
    { timeout: 180_000 },
    async () => {
      const id = await open()
      const blocks = blocksOf(pcm)
      for (const [sequence, bytes] of blocks.entries()) {
        expect((await block(id, sequence, bytes)).status).toBe(200)
        // A retry after a lost answer: acknowledged again, fed once.
        if (sequence === 1) expect((await block(id, 1, bytes)).body.data).toMatchObject({ received: 2 })
      }
      const response = await fetch(`${baseUrl}/api/interview/utterances/${id}/end`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-forwarded-for': ip,
          accept: 'text/event-stream',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ blocks: blocks.length }),
      })
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const events: ServerSentEvent[] = []
      if (!response.body) throw new Error('no body')
      for await (const event of readServerSentEvents(response.body)) events.push(event)
      expect(events[0]?.event).toBe('heard')
      expect(events.at(-1)?.event).toBe('done')
      const streamed = JSON.parse(events[0]?.data ?? '{}') as { transcript: string }

      // The same samples sent whole, as the desktop app sends a recording.
      const form = new FormData()
      form.append('audio', new Blob([Buffer.from(wav16(pcm))]), 'question.wav')
      const whole = await api.call('interview-audioQuestion', { ip, token, form })
      expect(whole.body).toMatchObject({ success: true, data: { transcript: streamed.transcript } })
      expect(streamed.transcript).toContain('hash map')
      // Ended, it is gone.
      expect((await end(id, blocks.length)).status).toBe(404)
    },
  )

  it(
    'refuses bad input with a 4xx and its code, and the utterance goes on as if it had not come',
    { timeout: 180_000 },
    async () => {
      const before = await asked()
      const id = await open()
      const [first = pcm, second = pcm] = blocksOf(pcm)
      expect(await block(id, 'x1', first)).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
      expect(await block(id, 1, first)).toMatchObject({
        status: 409,
        body: { code: 'block_out_of_order', details: { expected: '0' } },
      })
      expect(await block(id, 0, first.subarray(0, 101))).toMatchObject({
        status: 400,
        body: { code: 'invalid_request' },
      })
      expect(await block(id, 0, first, token, 'audio/wav')).toMatchObject({
        status: 415,
        body: { code: 'unsupported_media_type' },
      })
      expect(await block(id, 0, new Uint8Array(64_002))).toMatchObject({
        status: 413,
        body: { code: 'payload_too_large' },
      })
      // Someone else's utterance is unknown to them, whatever they send.
      expect(await block(id, 0, first, other)).toMatchObject({ status: 404, body: { code: 'not_found' } })
      expect(await end(id, 0, other)).toMatchObject({ status: 404, body: { code: 'not_found' } })
      expect((await send('DELETE', `/${id}`, other)).status).toBe(404)
      expect(await block('00000000-0000-4000-8000-000000000000', 0, first)).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      })

      expect((await block(id, 0, first)).status).toBe(200)
      expect(await block(id, 0, second)).toMatchObject({ status: 409, body: { code: 'block_mismatch' } })
      // Ended too soon with a key: the same key ends it once the missing blocks have come.
      const key = `end-${id}`
      expect(await end(id, 2, token, key)).toMatchObject({
        status: 409,
        body: { code: 'utterance_incomplete', details: { received: '1' } },
      })
      expect(await asked()).toBe(before)
      const rest = pcm.subarray(first.byteLength)
      for (const [index, bytes] of blocksOf(rest).entries())
        expect((await block(id, index + 1, bytes)).status).toBe(200)
      const answered = await end(id, 1 + blocksOf(rest).length, token, key)
      expect(answered).toMatchObject({ status: 200, body: { success: true } })
      // Only the answered question is recorded; none of the refusals wrote anything.
      expect(await asked()).toBe(before + 1)
      expect((answered.body.data as { transcript: string }).transcript).toContain('hash map')
    },
  )

  it(
    'streams the answer of an end sent with an Idempotency-Key, and answers its repeat with the first answer, recorded once',
    { timeout: 180_000 },
    async () => {
      const before = await asked()
      const id = await open()
      const blocks = blocksOf(pcm)
      for (const [sequence, bytes] of blocks.entries()) await block(id, sequence, bytes)
      const ended = () =>
        fetch(`${baseUrl}/api/interview/utterances/${id}/end`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'x-forwarded-for': ip,
            'content-type': 'application/json',
            accept: 'text/event-stream',
            'idempotency-key': `end-${id}`,
          },
          body: JSON.stringify({ blocks: blocks.length }),
        })
      const first = await ended()
      expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/)
      if (!first.body) throw new Error('no body')
      const events: ServerSentEvent[] = []
      for await (const event of readServerSentEvents(first.body)) events.push(event)
      expect(events.map(({ event }) => event)).toEqual(['heard', ...events.slice(1, -1).map(() => 'delta'), 'done'])
      const again = await ended()
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      if (!again.body) throw new Error('no body')
      const replayed: ServerSentEvent[] = []
      for await (const event of readServerSentEvents(again.body)) replayed.push(event)
      expect(replayed).toEqual(events)
      // The question is recorded once, however many times its end was sent.
      expect(await asked()).toBe(before + 1)
    },
  )

  it('refuses audio sent faster than it is spoken with 429 and Retry-After, taking nothing of it', async () => {
    const id = await open()
    expect(await block(id, 0, new Uint8Array(64_000))).toMatchObject({ status: 200, body: { data: { received: 1 } } })
    const response = await fetch(`${baseUrl}/api/interview/utterances/${id}/blocks/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip, 'content-type': 'application/octet-stream' },
      // Four seconds of audio sent within much less than two since the open.
      body: Buffer.from(new Uint8Array(64_000)),
    })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await response.json()).toMatchObject({ code: 'rate_limited' })
    expect(await block(id, 0, new Uint8Array(64_000))).toMatchObject({ body: { data: { received: 1, seconds: 2 } } })
    expect((await send('DELETE', `/${id}`, token)).status).toBe(200)
  })

  it('cancels a misfire: nothing more is taken for it', async () => {
    const id = await open()
    expect((await block(id, 0, pcm.subarray(0, 3_200))).status).toBe(200)
    expect((await send('DELETE', `/${id}`, token)).status).toBe(200)
    expect(await block(id, 1, pcm.subarray(0, 3_200))).toMatchObject({ status: 404, body: { code: 'not_found' } })
  })

  it('bounds the utterances one person has open at once', async () => {
    const ids = [await open(), await open()]
    expect(await send('POST', '', token, '{}', 'application/json')).toMatchObject({
      status: 429,
      body: { code: 'queue_full' },
    })
    for (const id of ids) await send('DELETE', `/${id}`, token)
  })

  it('refuses a plan without listening (Starter) before opening anything', { timeout: 60_000 }, async () => {
    const starter = (await restCustomer(baseUrl, testClientIp(), 'starter')).accessToken
    expect(await send('POST', '', starter, '{}', 'application/json')).toMatchObject({
      status: 403,
      body: { code: 'feature_not_in_plan' },
    })
  })
})

/** A 16-bit mono 16 kHz WAV file of the samples. */
function wav16(samples: Uint8Array): Uint8Array {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + samples.byteLength, 4)
  header.write('WAVEfmt ', 8, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(16_000, 24)
  header.writeUInt32LE(32_000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(samples.byteLength, 40)
  return Buffer.concat([header, samples])
}
