/**
 * Uploads are judged by their bytes, not by the type the client declared, and every upload over
 * its limit gets 413, whichever way it is sent.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import { magicBytes } from '#tests/support/magic-bytes.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'
import { maxQuestionAudioSeconds } from '#rules/media-limits.ts'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { m4a, mp3, oggOpus, webmOpus } from '#tests/support/recording-files.ts'

const baseUrl = inject('baseUrl')
const ip = testClientIp()
const MB = 1024 * 1024
let token = ''
let spokenQuestion: Uint8Array<ArrayBuffer>

beforeAll(async () => {
  token = (await restCustomer(baseUrl, ip)).accessToken
  const folder = await mkdtemp(path.join(tmpdir(), 'uploads-'))
  try {
    const wav = path.join(folder, 'question.wav')
    await promisify(execFile)('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', wav, 'What is a hash map?'])
    spokenQuestion = new Uint8Array(await readFile(wav))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  dataOf(await restClient(baseUrl, { ip })('POST', '/interview/session/start', { token, body: {} }))
})

/** What `curl -F audio=@file` sends: the file as application/octet-stream. */
async function postAudio(bytes: Uint8Array<ArrayBuffer>, type = 'application/octet-stream', name = 'question.wav') {
  const form = new FormData()
  form.append('audio', new Blob([bytes], { type }), name)
  const response = await fetch(`${baseUrl}/api/interview/audio-question`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    body: form,
  })
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; error?: string; code?: string },
  }
}

async function postScreenshot(imageBytes: number) {
  const image = Buffer.alloc(imageBytes, 0)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(image)
  return (await postImage(image)).status
}

async function postImage(image: Buffer) {
  const response = await fetch(`${baseUrl}/api/interview/screenshot`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    body: JSON.stringify({ image: `data:image/png;base64,${image.toString('base64')}` }),
  })
  return { status: response.status, body: (await response.json()) as { code?: string; error?: string } }
}

/** A PNG signature and header declaring `width`×`height`, with no pixels after it. */
function pngHeader(width: number, height: number) {
  const image = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(image)
  image.write('IHDR', 12, 'latin1')
  image.writeUInt32BE(width, 16)
  image.writeUInt32BE(height, 20)
  image.set([8, 2, 0, 0, 0], 24)
  return image
}

describe('audio uploads', () => {
  it('answers a WAV sent the way curl -F sends it (application/octet-stream)', async () => {
    const answer = await postAudio(spokenQuestion)
    expect(answer.status).toBe(200)
    expect(JSON.stringify(answer.body).toLowerCase()).toContain('hash map')
  })

  it.each([
    ['WebM', webmOpus({ seconds: 2 })],
    ['Ogg', oggOpus({ seconds: 2 })],
    ['MP3', mp3({ seconds: 2 })],
    ['M4A', m4a({ seconds: 2 })],
  ])(
    'takes %s by its bytes and hands it to the recognizer, which may not read that format',
    async (_name, recording) => {
      // The offline recognizer reads WAV only: its refusal names what it reads, and is not the upload check's 415.
      const answer = await postAudio(recording)
      expect(answer.body.error).not.toMatch(/these bytes are none of them/)
      expect(answer.body.code).not.toMatch(/audio_too_long|media_unreadable/)
    },
  )

  it.each([
    ['WebM as MediaRecorder writes it', webmOpus({ seconds: maxQuestionAudioSeconds + 1 })],
    ['Ogg Opus', oggOpus({ seconds: maxQuestionAudioSeconds + 1 })],
    ['MP3', mp3({ seconds: maxQuestionAudioSeconds + 1 })],
    ['fragmented M4A', m4a({ seconds: maxQuestionAudioSeconds + 1, fragmented: true })],
  ])('refuses %s longer than a spoken question with 413 audio_too_long', async (_name, recording) => {
    const answer = await postAudio(recording)
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ code: 'audio_too_long' })
    expect(answer.body.error).toMatch(/the recording lasts 61\.\d s; a spoken question may last at most 60 s/)
  })

  it('refuses a WebM cut inside its header with 422 media_unreadable', async () => {
    const answer = await postAudio(webmOpus({ seconds: 2 }).subarray(0, 6))
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ code: 'media_unreadable' })
  })

  it.each([
    ['text declared as octet-stream', magicBytes('hello, not audio'), 'application/octet-stream'],
    ['a PNG declared as audio/wav', magicBytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'audio/wav'],
  ])('refuses %s with 415', async (_name, notAudio, type) => {
    const answer = await postAudio(notAudio, type)
    expect(answer.status).toBe(415)
    expect(answer.body.error).toMatch(/WAV|wav/)
  })

  it('refuses a recording longer than a spoken question from its header: 413 audio_too_long', async () => {
    const long = encodeWav16({ sampleRate: 16_000, samples: new Float32Array(16_000 * (maxQuestionAudioSeconds + 1)) })
    const answer = await postAudio(new Uint8Array(long))
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ code: 'audio_too_long' })
  })

  it('refuses a WAV with a damaged header with 422 media_unreadable', async () => {
    const noFormat = Buffer.concat([
      Buffer.from('RIFF\x24\x00\x00\x00WAVEdata\x04\x00\x00\x00', 'latin1'),
      Buffer.alloc(4),
    ])
    const answer = await postAudio(new Uint8Array(noFormat))
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ code: 'media_unreadable' })
  })

  it('refuses a recording over 10 MB with 413', async () => {
    const large = new Uint8Array(10 * MB + 1)
    large.set(spokenQuestion.subarray(0, 44))
    expect((await postAudio(large)).status).toBe(413)
  })
})

describe('screenshot uploads', () => {
  // 5.3 MB used to get 413 and 6 MB 400 (the base64 text hit a length check first); past 9 MB the body limit answers.
  it.each([5.3, 6, 6.9, 8])('refuses a %s MB image with 413', async (size) => {
    expect(await postScreenshot(Math.round(size * MB))).toBe(413)
  })

  it('refuses an image with more pixels than are read, from its header: 413 image_too_large', async () => {
    const answer = await postImage(pngHeader(5_000, 5_000))
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ code: 'image_too_large' })
    expect(answer.body.error).toMatch(/5000×5000 pixels/)
  })

  it('refuses an image whose header is damaged with 422 media_unreadable', async () => {
    const answer = await postImage(pngHeader(0, 0))
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ code: 'media_unreadable' })
  })
})
