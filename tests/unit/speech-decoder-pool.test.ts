/**
 * The long-lived speech decoders (decision 0110): a decoder program loads its models once and
 * decodes clip after clip; one that dies is replaced, and the engine's shutdown stops them all. A
 * shell script stands in for `pocketsphinx_batch`: it reads clip names from its control file and
 * logs what the real program logs with `-backtrace yes`. The assertions are on programs started
 * and left running, not on time.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPocketSphinxRecognizer } from '#server/ai/offline/speech/pocketsphinx.ts'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'

// Each start appends its PID to `starts` and its control file's path to `controls`; a clip
// arriving while the file `die` exists makes the program fail the way a crash would.
const fakeDecoder = `#!/bin/sh
dir=$(dirname "$0")
while [ $# -gt 0 ]; do
  if [ "$1" = "-ctl" ]; then control=$2; fi
  shift
done
echo $$ >> "$dir/starts"
echo "$control" >> "$dir/controls"
while IFS= read -r clip; do
  echo "INFO: batch.c(729): Decoding '$clip'" >&2
  if [ -e "$dir/die" ]; then rm "$dir/die"; echo 'FATAL: "ckd_alloc.c", line 255: calloc(4096,4) failed' >&2; exit 3; fi
  echo "INFO: pocketsphinx.c(1168): what is a hash map (-7413)" >&2
  echo "word                 start end   pprob ascr       lscr       lback" >&2
  echo "<s>                  0     27    1.000 -155648    0          1" >&2
  echo "what                 28    52    0.824 -610304    -290       2" >&2
  echo "is                   53    66    0.775 -313344    -221       3" >&2
  echo "a                    67    74    0.850 -193536    -124       3" >&2
  echo "hash                 75    110   0.478 -885760    -681       1" >&2
  echo "map                  111   159   0.980 -1104896   -566       2" >&2
  echo "</s>                 160   195   1.000 -885760    -111       2" >&2
  echo "what is a hash map ($clip -7413)" >&2
  echo "$clip done --------------------------------------" >&2
done < "$control"
`

const silence = encodeWav16({ sampleRate: 16_000, samples: new Float32Array(16_000) })
let folder: string

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ih-stt-test-pool-'))
  await mkdir(join(folder, 'en-us'))
  await Promise.all(
    ['en-us/mdef', 'en-us.lm.bin', 'cmudict-en-us.dict'].map((name) => writeFile(join(folder, name), '')),
  )
  await writeFile(join(folder, 'decoder'), fakeDecoder)
  await chmod(join(folder, 'decoder'), 0o755)
})

afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

const recognizerOptions = () => ({ binary: join(folder, 'decoder'), modelDir: folder, timeoutMs: 20_000 })
const lines = async (name: string) =>
  (await readFile(join(folder, name), 'utf8').catch(() => '')).split('\n').filter(Boolean)
const starts = async () => (await lines('starts')).map(Number)

describe('the long-lived speech decoders', () => {
  it('decode clips one after another with the program started once', async () => {
    const recognizer = createPocketSphinxRecognizer(recognizerOptions())
    try {
      const first = await recognizer.transcribe(silence, 'someone')
      const second = await recognizer.transcribe(silence, 'someone')
      expect(first.text).toBe('what is a hash map')
      expect(second.text).toBe('what is a hash map')
      expect(second.confidence).toBe(0.784)
      expect(await starts()).toHaveLength(1)
    } finally {
      await recognizer.close()
    }
  })

  it('give the caller a clear error when the decoder dies on a clip, and the next clip a new decoder', async () => {
    const recognizer = createPocketSphinxRecognizer(recognizerOptions())
    try {
      await recognizer.transcribe(silence, 'someone')
      await writeFile(join(folder, 'die'), '')
      const error = await recognizer.transcribe(silence, 'someone').catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(RecognizerFailedError)
      expect((error as RecognizerFailedError).timedOut).toBe(false)
      expect((error as Error).message).toMatch(/stopped \(exit code 3\).*calloc\(4096,4\) failed/)
      const [dead] = await starts()
      expect(isRunning(dead ?? 0)).toBe(false)

      expect((await recognizer.transcribe(silence, 'someone')).text).toBe('what is a hash map')
      expect(await starts()).toHaveLength(2)
    } finally {
      await recognizer.close()
    }
  })

  it('replace a decoder that died while waiting for work, without failing the next clip', async () => {
    const recognizer = createPocketSphinxRecognizer(recognizerOptions())
    try {
      await recognizer.transcribe(silence, 'someone')
      const [first] = await starts()
      process.kill(first ?? 0, 'SIGKILL')
      expect((await recognizer.transcribe(silence, 'someone')).text).toBe('what is a hash map')
      expect(await starts()).toHaveLength(2)
    } finally {
      await recognizer.close()
    }
  })

  it('run one decoder per slot, and stop them all and remove their folders on close', async () => {
    const recognizer = createPocketSphinxRecognizer({ ...recognizerOptions(), maxConcurrent: 2 })
    await Promise.all([recognizer.transcribe(silence, 'one'), recognizer.transcribe(silence, 'two')])
    await recognizer.transcribe(silence, 'three')
    const pids = await starts()
    expect(pids).toHaveLength(2)
    expect(pids.every(isRunning)).toBe(true)

    await recognizer.close()
    expect(pids.some(isRunning)).toBe(false)
    for (const control of await lines('controls'))
      expect(await stat(dirname(control)).catch((caught: unknown) => caught)).toMatchObject({ code: 'ENOENT' })
    await expect(recognizer.transcribe(silence, 'four')).rejects.toBeInstanceOf(RecognizerFailedError)
  })
})

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
