/**
 * A spoken question the recognizer is unsure of comes back for confirmation (decision 0055), over
 * the REST bridge, every answer checked against the API document by the client: a clear question
 * is answered with its transcript's confidence; speech played backwards gets `needsConfirmation`,
 * no answer and no question id, and is neither recorded nor counted. Needs espeak-ng and sox.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openApiClient, type CallAnswer } from '#tests/support/openapi-client.ts'
import { testClientIp } from '#tests/support/rest-client.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'

const run = promisify(execFile)
const baseUrl = inject('baseUrl')
const ip = testClientIp()
let api: Awaited<ReturnType<typeof openApiClient>>
let token = ''
let folder = ''

type Answer = Record<string, unknown>

function dataOf(answer: CallAnswer): Answer {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data as Answer
}

async function ask(file: string): Promise<Answer> {
  const form = new FormData()
  form.append('audio', new Blob([await readFile(path.join(folder, file))], { type: 'audio/wav' }), file)
  return dataOf(await api.call('interview-audioQuestion', { ip, token, form }))
}

beforeAll(async () => {
  api = await openApiClient(baseUrl)
  token = (await restCustomer(baseUrl, ip)).accessToken
  folder = await mkdtemp(path.join(tmpdir(), 'ih-audio-confirm-'))
  const clear = path.join(folder, 'clear.wav')
  await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', clear, 'What is a hash map?'])
  await run('sox', [clear, path.join(folder, 'backwards.wav'), 'reverse'])
})

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('POST /interview/audio-question and the transcript confidence', () => {
  // Speech recognition takes seconds on a busy two-core machine.
  it(
    'answers a clear question and asks to confirm an unsure one without recording it',
    { timeout: 180_000 },
    async () => {
      dataOf(await api.call('interview-sessionStart', { ip, token, body: { mode: 'voice' } }))

      const unsure = await ask('backwards.wav')
      expect(unsure).toMatchObject({ needsConfirmation: true, transcript: expect.any(String) as string })
      expect(unsure.transcriptConfidence).toBeLessThan(0.45)
      expect(unsure.response).toContain(String(unsure.transcript))
      expect(unsure).not.toHaveProperty('questionId')
      expect(unsure).not.toHaveProperty('source')

      const clear = await ask('clear.wav')
      expect(clear).toMatchObject({ needsConfirmation: false, questionId: expect.any(String) as string })
      expect(String(clear.transcript)).toContain('hash map')
      expect(clear.transcriptConfidence).toBeGreaterThanOrEqual(0.45)
      expect(String(clear.response).toLowerCase()).toContain('hash')

      const ended = dataOf(await api.call('interview-sessionEnd', { ip, token, body: {} }))
      expect(ended).toMatchObject({ questionsAsked: 1 })
    },
  )
})
