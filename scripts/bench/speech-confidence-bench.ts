/**
 * How well the transcript confidence sends bad transcripts back for confirmation, on the two parts
 * of the question sets: the development part (trust-set phrasings, which the confidence's features
 * and thresholds were chosen on) and the test part (test-set phrasings, only measured; its
 * transcripts are never printed). Each phrase is spoken by espeak-ng twice: clean in en-us klatt,
 * and in one of five harder conditions in turn (other voices and speeds, pink noise mixed in by sox
 * at 10 and 0 dB SNR); each clip is transcribed by the offline engine. Per part: word accuracy, and the share of bad transcripts (WER > 50 %), of
 * middling ones and of good ones (WER ≤ 20 %) flagged `needsConfirmation` by the confidence as it
 * is (decision 0123) and as it was before its language rules (decision 0055's), in the same run.
 * `--dump-development FILE` writes the development part's transcripts, for choosing the features;
 * `--development-stride N` takes every N-th development question (default 4) for a larger dump,
 * `--follow-ups` adds the development part's follow-ups to it, `--short-follow-ups` the short
 * follow-up forms the scorer knows (follow-up-forms.ts), and `--development-only` leaves the test
 * part out.
 * Run alone with `node scripts/bench/speech-confidence-bench.ts`.
 */
import { writeFile } from 'node:fs/promises'
import { developmentPart } from '#server/ai/offline/eval/development-part.ts'
import { testPart } from '#server/ai/offline/eval/test-part.ts'
import { followUpForms } from '#server/ai/offline/speech/interview-model/follow-up-forms.ts'
import { endsOnDanglingWord, INCOMPLETE_TRANSCRIPT_CAP } from '#server/ai/offline/speech/transcript-confidence.ts'
import { languagePlausibility } from '#server/ai/offline/speech/transcript-plausibility.ts'
import { needsConfirmation, TRANSCRIPT_CONFIDENCE_THRESHOLD } from '#server/ai/transcript-confirmation.ts'
import type { Figure } from './event-store-bench.ts'
import { withSpeechEngine, type SpeechBenchEngine } from './speech-engine.ts'
import { record, type Condition } from './speech-recordings.ts'
import { errorRate, sample, words, type SpeechSample } from './speech-samples.ts'

/** Every n-th question: about 30 phrases a part, the same in every run. */
const parts = (options: {
  developmentStride: number
  followUps: boolean
  shortFollowUps: boolean
  developmentOnly: boolean
}): { name: string; phrases: readonly { question: string }[] }[] => [
  {
    name: 'development',
    phrases: [
      ...developmentPart.questions.filter((_, index) => index % options.developmentStride === 0),
      ...(options.followUps ? developmentPart.followUps : []),
      ...(options.shortFollowUps ? followUpForms.map((question) => ({ question })) : []),
    ],
  },
  ...(options.developmentOnly
    ? []
    : [{ name: 'test', phrases: testPart.questions.filter((_, index) => index % 3 === 0) }]),
]

/** Every phrase is recorded clean in the voice the engine hears best, so that good transcripts are not rare. */
const clear: Condition = { name: 'en-us klatt 150 wpm', voice: 'en-us+klatt', speed: 150 }
/** And once more in one of these, in turn. */
const harder: Condition[] = [
  { name: 'en-us klatt 150 wpm, 10 dB', voice: 'en-us+klatt', speed: 150, snrDb: 10 },
  { name: 'en-us female f3 170 wpm', voice: 'en-us+f3', speed: 170 },
  { name: 'en-us klatt 150 wpm, 0 dB', voice: 'en-us+klatt', speed: 150, snrDb: 0 },
  { name: 'en-gb klatt 190 wpm', voice: 'en-gb+klatt', speed: 190 },
  { name: 'en-us m3 130 wpm, 10 dB', voice: 'en-us+m3', speed: 130, snrDb: 10 },
]

export type Judged = {
  reference: string
  text: string
  condition: string
  wer: number
  /** Undefined when the recognizer failed: then the transcript counts as flagged. */
  confidence: number | undefined
  /** The confidence as it was before the language features (decision 0055's). */
  acoustic: number | undefined
}

/** Bad, middling and good transcripts, and how many of each the confidence flags. */
export function flaggingFigures(part: string, judged: readonly Judged[], pick: (one: Judged) => number | undefined) {
  const bands = [
    { name: 'bad transcripts (WER > 50 %)', test: (wer: number) => wer > 0.5 },
    { name: 'middling transcripts (20–50 %)', test: (wer: number) => wer > 0.2 && wer <= 0.5 },
    { name: 'good transcripts (WER ≤ 20 %)', test: (wer: number) => wer <= 0.2 },
  ]
  return bands.map(({ name, test }) => {
    const band = judged.filter(({ wer }) => test(wer))
    const flagged = band.filter((one) => {
      const confidence = pick(one)
      return confidence === undefined || needsConfirmation(confidence)
    }).length
    return { name: `${part}: ${name} flagged`, flagged, of: band.length }
  })
}

/**
 * Calibration: per band of the confidence, the share of its transcripts that are good. A higher
 * band should hold a larger share; the bands are the thresholds of transcript-confirmation.ts.
 */
export function calibrationFigures(part: string, judged: readonly Judged[]): Figure[] {
  const bands = [
    { name: 'below 0.45 (confirmed)', low: 0, high: TRANSCRIPT_CONFIDENCE_THRESHOLD },
    { name: '0.45–0.6 (answered on its own)', low: TRANSCRIPT_CONFIDENCE_THRESHOLD, high: 0.6 },
    { name: '0.6 and above', low: 0.6, high: Number.POSITIVE_INFINITY },
  ]
  return bands.map(({ name, low, high }) => {
    const band = judged.filter(({ confidence }) => (confidence ?? 0) >= low && (confidence ?? 0) < high)
    const good = band.filter(({ wer }) => wer <= 0.2).length
    return {
      name: `${part}: good transcripts among confidence ${name}`,
      value: band.length === 0 ? 0 : (good / band.length) * 100,
      unit: '%',
      note: `${good}/${band.length}`,
    }
  })
}

async function judge(folder: string, engine: SpeechBenchEngine, phrases: readonly string[]) {
  const judged: Judged[] = []
  const samples: SpeechSample[] = []
  let index = 0
  for (const [at, phrase] of phrases.entries()) {
    for (const condition of [clear, harder[at % harder.length] ?? clear]) {
      const audio = await record(folder, condition, phrase, (index += 1))
      const one = await sample(phrase, () => engine.transcribe({ audio, mimeType: 'audio/wav' }))
      samples.push(one)
      const text = one.result?.text ?? ''
      const confidence = one.result?.confidence
      const spoken = words(text)
      const plausibility = languagePlausibility(spoken)
      // The language features multiply the posteriors, so dividing gives them back (to the rounding
      // of the third decimal); decision 0055 then capped any transcript ending on a dangling word.
      const posterior = confidence === undefined || plausibility === 0 ? confidence : confidence / plausibility
      const acoustic =
        posterior !== undefined && endsOnDanglingWord(spoken)
          ? Math.min(posterior, INCOMPLETE_TRANSCRIPT_CAP)
          : posterior
      judged.push({
        reference: phrase,
        text,
        condition: condition.name,
        wer: one.referenceWords === 0 ? 0 : one.errors / one.referenceWords,
        confidence,
        acoustic,
      })
    }
  }
  return { judged, samples }
}

export async function benchSpeechConfidence(
  options: {
    dumpDevelopment?: string
    developmentStride?: number
    followUps?: boolean
    shortFollowUps?: boolean
    developmentOnly?: boolean
  } = {},
): Promise<Figure[]> {
  return withSpeechEngine({ bench: 'Speech confidence bench' }, async (engine, folder) => {
    const started = performance.now()
    const figures: Figure[] = []
    const chosen = parts({
      developmentStride: options.developmentStride ?? 4,
      followUps: options.followUps ?? false,
      shortFollowUps: options.shortFollowUps ?? false,
      developmentOnly: options.developmentOnly ?? false,
    })
    for (const part of chosen) {
      const { judged, samples } = await judge(
        folder,
        engine,
        part.phrases.map(({ question }) => question),
      )
      if (part.name === 'development' && options.dumpDevelopment)
        await writeFile(options.dumpDevelopment, JSON.stringify(judged, null, 1))
      figures.push({
        name: `${part.name}: word accuracy`,
        value: Math.max(0, 1 - errorRate(samples)) * 100,
        unit: '%',
        note: `${samples.length} clips of ${part.phrases.length} phrases`,
      })
      const before = flaggingFigures(part.name, judged, (one) => one.acoustic)
      const after = flaggingFigures(part.name, judged, (one) => one.confidence)
      for (const [at, now] of after.entries()) {
        const was = before[at]
        figures.push({
          name: now.name,
          value: now.of === 0 ? 0 : (now.flagged / now.of) * 100,
          unit: '%',
          note: `${now.flagged}/${now.of}; before the language rules ${was?.flagged ?? 0}/${was?.of ?? 0}; threshold ${TRANSCRIPT_CONFIDENCE_THRESHOLD}`,
        })
      }
      figures.push(...calibrationFigures(part.name, judged))
    }
    figures.push({ name: 'speech confidence bench time', value: performance.now() - started, unit: 'ms' })
    return figures
  })
}

if (import.meta.main) {
  const option = (name: string) => {
    const at = process.argv.indexOf(name)
    return at > 0 ? process.argv[at + 1] : undefined
  }
  const dumpDevelopment = option('--dump-development')
  const stride = option('--development-stride')
  const options = {
    ...(dumpDevelopment ? { dumpDevelopment } : {}),
    ...(stride ? { developmentStride: Number(stride) } : {}),
    followUps: process.argv.includes('--follow-ups'),
    shortFollowUps: process.argv.includes('--short-follow-ups'),
    developmentOnly: process.argv.includes('--development-only'),
  }
  for (const figure of await benchSpeechConfidence(options))
    console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
}
