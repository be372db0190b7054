/**
 * The transcript's confidence on real recordings (decision 0055): espeak-ng speech decoded by
 * Debian's PocketSphinx through the offline engine. A clear question is sure enough to answer;
 * the same speech played backwards (speech-like sound with no words in it) and a second of noise
 * are returned for confirmation. espeak-ng, sox and PocketSphinx must be installed (CI installs them).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'
import { needsConfirmation } from '#server/ai/transcript-confirmation.ts'

const run = promisify(execFile)
let folder: string
const engine = createOfflineEngine({ timeoutMs: 120_000 })

async function clip(name: string): Promise<Uint8Array> {
  return readFile(join(folder, `${name}.wav`))
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ih-confidence-'))
  const clear = join(folder, 'clear.wav')
  await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', clear, 'What is a hash map?'])
  await run('sox', [clear, join(folder, 'backwards.wav'), 'reverse'])
  await run('sox', [
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    join(folder, 'noise.wav'),
    'synth',
    '2',
    'pinknoise',
    'vol',
    '0.3',
  ])
})

afterAll(async () => {
  await engine.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})

// Each decode takes seconds on a busy two-core machine.
describe('the confidence of a transcript from PocketSphinx', { timeout: 180_000 }, () => {
  it('given a clear spoken question, when transcribed, then it is confident and answered', async () => {
    const result = await engine.transcribe({ audio: await clip('clear'), mimeType: 'audio/wav' })
    expect(result.text).toContain('hash map')
    expect(result.confidence).toBeGreaterThan(0.6)
    expect(needsConfirmation(result.confidence)).toBe(false)
  })

  it('given speech played backwards, when transcribed, then whatever it heard needs confirmation', async () => {
    const result = await engine.transcribe({ audio: await clip('backwards'), mimeType: 'audio/wav' })
    expect(result.confidence).toBeDefined()
    expect(needsConfirmation(result.confidence)).toBe(true)
  })

  it('given noise alone, when transcribed, then the word it forced out of it needs confirmation', async () => {
    const result = await engine.transcribe({ audio: await clip('noise'), mimeType: 'audio/wav' })
    expect(needsConfirmation(result.confidence)).toBe(true)
  })
})
