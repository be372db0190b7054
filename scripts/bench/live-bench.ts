/**
 * The live page's latency on the offline engine: from the end of an utterance to the first word
 * of its answer, for one person alone and for ten people speaking at once, by both ways a spoken
 * question reaches the server, in the same run (decision 0121): the whole clip sent at the end
 * (`transcribe`), and the utterance streamed while it is spoken (`listen`: 16 kHz blocks of 0.4 s
 * fed at the pace they are spoken, then the end). Beside them the same questions sent as text. The
 * page's voice detector adds its own wait for the pause that ends an utterance (700 ms) before
 * either leaves. Run alone with `node scripts/bench/live-bench.ts`.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { AiEngine } from '#server/ai/ai-engine.ts'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'
import { prepareInterviewModel } from '#server/ai/offline/speech/interview-model/interview-model.ts'
import { resample } from '#server/ai/offline/speech/resample.ts'
import { encodePcm16, parseWav } from '#server/ai/offline/speech/wav.ts'
import { interviewPhrases, percentile } from './ai-bench.ts'
import { childCpuSeconds } from './child-cpu.ts'
import type { Figure } from './event-store-bench.ts'

const run = promisify(execFile)
const utterances = 20
const people = 10

type Clip = { text: string; audio: Uint8Array; pcm: Uint8Array }
type Path = 'whole clip' | 'streamed'
/** What the page sends at a time while the person speaks: 0.4 s of 16 kHz 16-bit samples. */
const blockBytes = 12_800
const blockMs = 400
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function firstWord(engine: AiEngine, question: string): Promise<void> {
  for await (const event of engine.streamAnswer({ question })) if (event.type === 'delta') return
}

/** Milliseconds from the clip's arrival to the answer's first word. */
async function spoken(engine: AiEngine, clip: Clip, caller: string): Promise<number> {
  const started = performance.now()
  const heard = await engine.transcribe({ audio: clip.audio, mimeType: 'audio/wav' }, { caller })
  await firstWord(engine, heard.text || clip.text)
  return performance.now() - started
}

/**
 * Milliseconds from the end of the utterance, streamed while it was spoken (each block fed once
 * it has been spoken), to the answer's first word.
 */
async function streamed(engine: AiEngine, clip: Clip, caller: string): Promise<number> {
  if (!engine.listen) throw new Error('The engine cannot listen while an utterance is spoken')
  const stream = await engine.listen({ caller })
  for (let at = 0; at < clip.pcm.byteLength; at += blockBytes) {
    const block = clip.pcm.subarray(at, at + blockBytes)
    await sleep((blockMs * block.byteLength) / blockBytes)
    stream.feed(block)
  }
  const started = performance.now()
  const heard = await stream.end()
  await firstWord(engine, heard.text || clip.text)
  return performance.now() - started
}

const byPath = { 'whole clip': spoken, streamed } satisfies Record<Path, typeof spoken>

async function typed(engine: AiEngine, clip: Clip): Promise<number> {
  const started = performance.now()
  await firstWord(engine, clip.text)
  return performance.now() - started
}

/** The decoders' CPU per utterance while `work` runs: the figure a busy machine does not inflate. */
async function decoderCpu(work: () => Promise<void>, count: number, label: string, note: string): Promise<Figure[]> {
  const before = childCpuSeconds()
  await work()
  const after = childCpuSeconds()
  if (before === undefined || after === undefined) return []
  return [{ name: `decoder CPU per utterance, ${label}`, value: ((after - before) / count) * 1000, unit: 'ms', note }]
}

const figures = (label: string, latencies: number[], note: string): Figure[] => [
  { name: `${label} p50`, value: percentile(latencies, 50), unit: 'ms', note },
  { name: `${label} p95`, value: percentile(latencies, 95), unit: 'ms', note },
]

export async function benchLive(): Promise<Figure[]> {
  const folder = await mkdtemp(join(tmpdir(), 'ih-live-bench-'))
  // A shared machine under load can take longer than the service's limit: the bench measures, it does not refuse.
  const engine = createOfflineEngine({ timeoutMs: 300_000, speech: { cacheDir: folder } })
  try {
    if (!(await engine.transcriber.isAvailable())) {
      console.warn('Live bench skipped: PocketSphinx is not installed.')
      return []
    }
    await prepareInterviewModel({ cacheDir: folder })
    const clips = await Promise.all(
      interviewPhrases.map(async (text, index) => {
        const file = join(folder, `clip-${index}.wav`)
        await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', file, text])
        const audio = await readFile(file)
        // What the page's capture gives: 16 kHz mono, sent as 16-bit samples.
        return { text, audio, pcm: encodePcm16(resample(parseWav(audio), 16_000)) }
      }),
    )
    const clipAt = (index: number) => clips[index % clips.length] as Clip
    const seconds = (clip: Clip) => (clip.audio.byteLength - 44) / 2 / 22_050
    const meanSeconds = clips.reduce((sum, clip) => sum + seconds(clip), 0) / clips.length
    const note = `${utterances} utterances of ${meanSeconds.toFixed(1)} s on average`

    const text: number[] = []
    const result: Figure[] = []
    const cpu: Figure[] = []
    for (const path of ['whole clip', 'streamed'] as const) {
      const ask = byPath[path]
      const alone: number[] = []
      cpu.push(
        ...(await decoderCpu(
          async () => {
            for (let index = 0; index < utterances; index += 1) {
              alone.push(await ask(engine, clipAt(index), 'alone'))
              if (path === 'whole clip') text.push(await typed(engine, clipAt(index)))
            }
          },
          utterances,
          `${path}, alone`,
          note,
        )),
      )
      // Ten people at once, each asking the next question when the last one's answer began.
      const crowd: number[] = []
      cpu.push(
        ...(await decoderCpu(
          async () => {
            await Promise.all(
              Array.from({ length: people }, async (_, person) => {
                for (let turn = 0; turn < utterances / people; turn += 1)
                  crowd.push(await ask(engine, clipAt(person + turn * people), `person-${person}`))
              }),
            )
          },
          utterances,
          `${path}, ${people} people at once`,
          note,
        )),
      )
      result.push(
        ...figures(`${path}: end of utterance to first answer word, alone`, alone, note),
        ...figures(`${path}: end of utterance to first answer word, ${people} people at once`, crowd, note),
      )
    }
    return [...result, ...figures('same questions typed: to first answer word', text, note), ...cpu]
  } finally {
    await engine.close()
    await rm(folder, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  for (const figure of await benchLive())
    console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
}
