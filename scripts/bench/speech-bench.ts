/**
 * Speech figures of the offline engine (decision 0055): word accuracy (1 − WER) of PocketSphinx,
 * interview model with its generic fallback, on espeak-ng speech in several voices and speeds and
 * with pink noise mixed in by sox; and how well the transcript's confidence separates good from
 * bad transcripts: the share of bad ones (WER > 50 %, or speech played backwards, which has no
 * words) flagged `needsConfirmation`, and the share of good ones (WER ≤ 20 %) flagged. The
 * phrases are not those the confidence threshold was chosen on. Bounded: conditions that would
 * start after `budgetMs` are skipped and named. Run alone with `node scripts/bench/speech-bench.ts`.
 */
import { needsConfirmation, TRANSCRIPT_CONFIDENCE_THRESHOLD } from '#server/ai/transcript-confirmation.ts'
import type { Figure } from './event-store-bench.ts'
import { withSpeechEngine } from './speech-engine.ts'
import { record, type Condition } from './speech-recordings.ts'
import { errorRate, failedNote, sample, type SpeechSample } from './speech-samples.ts'

/** Written for this bench from interview categories; none is a phrase the threshold was tuned on. */
const phrases = [
  'What is the difference between a stack and a queue?',
  'How does garbage collection work in Java?',
  'Describe a project you are proud of.',
] as const

/** Most telling first: under heavy load the budget may cut the tail, which the figures then name. */
const conditions: Condition[] = [
  { name: 'en-us klatt, 150 wpm', voice: 'en-us+klatt', speed: 150 },
  { name: 'en-us klatt + noise at 10 dB SNR', voice: 'en-us+klatt', speed: 150, snrDb: 10 },
  { name: 'speech played backwards (no words)', voice: 'en-us+klatt', speed: 150, backwards: true },
  { name: 'en-us klatt, fast 210 wpm', voice: 'en-us+klatt', speed: 210 },
  { name: 'en-gb klatt, 150 wpm', voice: 'en-gb+klatt', speed: 150 },
  { name: 'en-us klatt + noise at 0 dB SNR', voice: 'en-us+klatt', speed: 150, snrDb: 0 },
  { name: 'en-us female (f3), 150 wpm', voice: 'en-us+f3', speed: 150 },
  { name: 'en-us klatt, slow 115 wpm', voice: 'en-us+klatt', speed: 115 },
  { name: 'en-029 Caribbean, 150 wpm', voice: 'en-029', speed: 150 },
]

const share = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100)

export async function benchSpeech(options: { budgetMs?: number } = {}): Promise<Figure[]> {
  const budgetMs = options.budgetMs ?? 90_000
  return withSpeechEngine({ bench: 'Speech bench', timeoutMs: 30_000 }, async (engine, folder) => {
    const started = performance.now()
    const figures: Figure[] = []
    const judged: { bad: boolean; good: boolean; flagged: boolean }[] = []
    const skipped: string[] = []
    let index = 0
    for (const condition of conditions) {
      if (performance.now() - started > budgetMs) {
        skipped.push(condition.name)
        continue
      }
      const samples: SpeechSample[] = await Promise.all(
        phrases.map(async (text) => {
          const audio = await record(folder, condition, text, (index += 1))
          return sample(condition.backwards ? '' : text, () => engine.transcribe({ audio, mimeType: 'audio/wav' }))
        }),
      )
      for (const one of samples) {
        const rate = one.referenceWords === 0 ? (one.result?.text ? 1 : 0) : one.errors / one.referenceWords
        judged.push({
          bad: rate > 0.5,
          good: rate <= 0.2,
          flagged: !one.result || needsConfirmation(one.result.confidence),
        })
      }
      const flagged = samples.filter(({ result }) => !result || needsConfirmation(result.confidence)).length
      figures.push(
        condition.backwards
          ? {
              name: `speech: ${condition.name}, flagged`,
              value: share(flagged, samples.length),
              unit: '%',
              note: `${flagged}/${samples.length}${failedNote(samples)}`,
            }
          : {
              name: `speech: word accuracy, ${condition.name}`,
              value: Math.max(0, 1 - errorRate(samples)) * 100,
              unit: '%',
              note: `WER ${(errorRate(samples) * 100).toFixed(0)} %; ${flagged}/${samples.length} flagged for confirmation${failedNote(samples)}`,
            },
      )
    }
    const bad = judged.filter((one) => one.bad)
    const good = judged.filter((one) => one.good)
    const flaggedBad = bad.filter((one) => one.flagged).length
    const flaggedGood = good.filter((one) => one.flagged).length
    figures.push(
      {
        name: 'speech: bad transcripts flagged (WER > 50 %)',
        value: share(flaggedBad, bad.length),
        unit: '%',
        note: `${flaggedBad}/${bad.length}; threshold ${TRANSCRIPT_CONFIDENCE_THRESHOLD}`,
      },
      {
        name: 'speech: good transcripts flagged (WER ≤ 20 %)',
        value: share(flaggedGood, good.length),
        unit: '%',
        note: `${flaggedGood}/${good.length}`,
      },
      {
        name: 'speech bench time',
        value: performance.now() - started,
        unit: 'ms',
        note: `${judged.length} clips${skipped.length > 0 ? `; over budget, skipped: ${skipped.join(', ')}` : ''}`,
      },
    )
    return figures
  })
}

if (import.meta.main) {
  for (const figure of await benchSpeech()) {
    console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
  }
}
