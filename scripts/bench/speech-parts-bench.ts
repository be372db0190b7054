/**
 * Speech word accuracy of the offline engine on the two parts of the question sets (issue 31): the
 * development part (trust-set phrasings, which the decoder settings were tuned on) and the test
 * part (test-set phrasings, only measured), each spoken by espeak-ng (en-us klatt, 150 wpm) clean
 * and with pink noise mixed in by sox at 10 dB SNR. Beside each: the decoders' CPU per second of
 * speech, how often the generic model decoded the clip a second time, and the transcription time.
 * Clips are decoded one at a time, so the CPU is this bench's own. Run alone with
 * `node scripts/bench/speech-parts-bench.ts`.
 */
import { developmentPart } from '#server/ai/offline/eval/development-part.ts'
import { testPart } from '#server/ai/offline/eval/test-part.ts'
import { GENERIC_SPEECH_MODEL } from '#server/ai/offline/speech/local-transcriber.ts'
import { readWavHeader } from '#server/ai/wav-header.ts'
import { percentile } from './ai-bench.ts'
import { childCpuSeconds } from './child-cpu.ts'
import type { Figure } from './event-store-bench.ts'
import { withSpeechEngine } from './speech-engine.ts'
import { record, type Condition } from './speech-recordings.ts'
import { errorRate, failedNote, sample, type SpeechSample } from './speech-samples.ts'

/** Every n-th question of each part: the same phrases in every run, a few minutes of decoding in all. */
const parts = [
  { name: 'development', phrases: developmentPart.questions.filter((_, index) => index % 10 === 0) },
  { name: 'test', phrases: testPart.questions.filter((_, index) => index % 6 === 0) },
]

const conditions: Condition[] = [
  { name: 'clean', voice: 'en-us+klatt', speed: 150 },
  { name: 'pink noise 10 dB SNR', voice: 'en-us+klatt', speed: 150, snrDb: 10 },
]

export async function benchSpeechParts(): Promise<Figure[]> {
  return withSpeechEngine({ bench: 'Speech parts bench' }, async (engine, folder) => {
    const figures: Figure[] = []
    let index = 0
    for (const part of parts) {
      for (const condition of conditions) {
        const samples: SpeechSample[] = []
        const latencies: number[] = []
        let speechSeconds = 0
        let cpuSeconds = 0
        for (const { question } of part.phrases) {
          const audio = await record(folder, condition, question, (index += 1))
          speechSeconds += readWavHeader(audio).seconds
          const before = childCpuSeconds()
          const one = await sample(question, () => engine.transcribe({ audio, mimeType: 'audio/wav' }))
          cpuSeconds += (childCpuSeconds() ?? 0) - (before ?? 0)
          samples.push(one)
          if (one.result) latencies.push(one.result.latencyMs)
        }
        const twice = samples.filter(({ result }) => result?.model === GENERIC_SPEECH_MODEL).length
        const label = `${part.name} part, ${condition.name}`
        figures.push(
          {
            name: `speech word accuracy, ${label}`,
            value: Math.max(0, 1 - errorRate(samples)) * 100,
            unit: '%',
            note: `WER ${(errorRate(samples) * 100).toFixed(1)} % over ${samples.reduce((sum, one) => sum + one.referenceWords, 0)} words, ${samples.length} phrases${failedNote(samples)}`,
          },
          {
            name: `speech decoder CPU per second of speech, ${label}`,
            value: childCpuSeconds() === undefined ? 0 : (cpuSeconds / speechSeconds) * 1000,
            unit: 'ms',
            note: `${speechSeconds.toFixed(0)} s of speech; generic model decoded it again for ${twice}/${samples.length}`,
          },
          { name: `speech transcription p50, ${label}`, value: percentile(latencies, 50), unit: 'ms' },
        )
      }
    }
    return figures
  })
}

if (import.meta.main) {
  for (const figure of await benchSpeechParts())
    console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
}
