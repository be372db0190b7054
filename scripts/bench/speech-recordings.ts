/**
 * Recordings for the speech benchmarks: a phrase spoken by an espeak-ng voice, then reversed or
 * mixed with pink noise at a signal-to-noise ratio by sox.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export type Condition = { name: string; voice: string; speed: number; snrDb?: number; backwards?: boolean }

async function rms(file: string): Promise<number> {
  const { stderr } = await run('sox', [file, '-n', 'stat'])
  return Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)?.[1] ?? '0')
}

/** A recording of `text` in the condition: espeak-ng's voice, then sox's reversal or pink noise. */
export async function record(folder: string, condition: Condition, text: string, index: number): Promise<Uint8Array> {
  const base = join(folder, `clip-${index}`)
  await run('espeak-ng', ['-v', condition.voice, '-s', String(condition.speed), '-w', `${base}.wav`, text])
  if (condition.backwards) {
    await run('sox', [`${base}.wav`, `${base}-out.wav`, 'reverse'])
  } else if (condition.snrDb !== undefined) {
    const { stdout } = await run('soxi', ['-D', `${base}.wav`])
    // -R: the same noise (and dither) in every run, so that two runs hear the same clips.
    await run('sox', [
      '-R',
      '-n',
      '-r',
      '22050',
      '-c',
      '1',
      '-b',
      '16',
      `${base}-noise.wav`,
      'synth',
      stdout.trim(),
      'pinknoise',
      'vol',
      '0.5',
    ])
    const gain = (await rms(`${base}.wav`)) / ((await rms(`${base}-noise.wav`)) * 10 ** (condition.snrDb / 20))
    await run('sox', [
      '-R',
      '-m',
      '-v',
      '1',
      `${base}.wav`,
      '-v',
      gain.toFixed(4),
      `${base}-noise.wav`,
      `${base}-out.wav`,
    ])
  } else return readFile(`${base}.wav`)
  return readFile(`${base}-out.wav`)
}

/** Whether espeak-ng and sox are installed, or the first one missing. */
export async function missingRecordingTool(): Promise<string | null> {
  for (const tool of ['espeak-ng', 'sox']) {
    const found = await run(tool, ['--version']).then(
      () => true,
      () => false,
    )
    if (!found) return `${tool} is not installed`
  }
  return null
}
