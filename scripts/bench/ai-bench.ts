/**
 * Figures of the offline AI engine: retrieval quality on the held-out questions, answer quality on
 * the development and test parts, answer latency,
 * OCR latency, and PocketSphinx word accuracy and latency on espeak-ng speech with the generic
 * and the interview language model. Run alone with `node scripts/bench/ai-bench.ts`.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { heldOutQuestions, evaluateRetrieval } from '#server/ai/offline/eval/evaluate.ts'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'
import { answerQualityFigures } from './answer-quality-bench.ts'
import { evaluateRewrites } from '#server/ai/offline/eval/rewrite-evaluation.ts'
import { INTERVIEW_SPEECH_MODEL } from '#server/ai/offline/speech/local-transcriber.ts'
import { prepareInterviewModel } from '#server/ai/offline/speech/interview-model/interview-model.ts'
import type { Figure } from './event-store-bench.ts'
import { errorRate, failedNote, sample, type SpeechSample } from './speech-samples.ts'

const run = promisify(execFile)
const fixture = join(import.meta.dirname, '../../tests/integration/ai-ocr-fixtures/question.png')

/** Asked in interviews; several are close to knowledge-base questions, as real ones are. */
export const interviewPhrases = [
  'What is a hash map?',
  'Tell me about hash tables and hash functions.',
  'How does binary search work?',
  'Explain the difference between a process and a thread.',
  'Tell me about a time you disagreed with your manager.',
  'How would you design a URL shortener?',
  'What is the virtual DOM in React?',
  'What is a database index?',
  'What are closures in JavaScript?',
  'Explain the CAP theorem.',
  'How do you find a cycle in a linked list?',
  'What happens when you type a URL into the browser?',
]
/** Everyday sentences, none of them in the interview model's corpus. */
export const everydayPhrases = [
  'The weather is nice today and I want to go for a walk.',
  'Can you hear me clearly?',
  'I worked on the payments team for three years.',
  'Sorry, could you repeat the question?',
  'My favourite programming language is Python.',
  'We should schedule another call next week.',
  'I spent most of my time fixing bugs in the mobile app.',
]

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

/** Flaws in the rambling answers before and after the rewrite, and the speaker's facts it kept. */
function rewriteFigures(): Figure[] {
  const { answers, before, after, factsKept, facts } = evaluateRewrites()
  const note = (b: number, a: number) => `before ${b}, after ${a}; ${answers} rambling answers`
  return [
    {
      name: 'rewrite: fillers and "yeah" left',
      value: after.fillers,
      unit: '',
      note: note(before.fillers, after.fillers),
    },
    {
      name: 'rewrite: restarts left ("I I")',
      value: after.restarts,
      unit: '',
      note: note(before.restarts, after.restarts),
    },
    {
      name: 'rewrite: sentences over the long-sentence mark',
      value: after.longSentences,
      unit: '',
      note: note(before.longSentences, after.longSentences),
    },
    { name: 'rewrite: words', value: after.words, unit: '', note: note(before.words, after.words) },
    { name: 'rewrite: facts kept', value: (factsKept / facts) * 100, unit: '%', note: `${factsKept}/${facts}` },
  ]
}

function retrievalFigures(): Figure[] {
  const evaluation = evaluateRetrieval()
  const note = `${evaluation.total} held-out questions`
  return [
    {
      name: 'retrieval precision@1',
      value: evaluation.precisionAt1 * 100,
      unit: '%',
      note: `${evaluation.top1Correct}/${evaluation.total}; ${note}`,
    },
    {
      name: 'retrieval recall@3',
      value: evaluation.recallAt3 * 100,
      unit: '%',
      note: `${evaluation.top3Correct}/${evaluation.total}; ${note}`,
    },
  ]
}

async function answerFigures(engine: ReturnType<typeof createOfflineEngine>): Promise<Figure[]> {
  await engine.answer({ question: 'warm up the search index' })
  const latencies: number[] = []
  for (const { question } of heldOutQuestions) {
    const started = performance.now()
    await engine.answer({ question })
    latencies.push((performance.now() - started) * 1000)
  }
  const note = `${latencies.length} held-out questions`
  return [
    { name: 'answer latency p50', value: percentile(latencies, 50), unit: 'µs', note },
    { name: 'answer latency p95', value: percentile(latencies, 95), unit: 'µs', note },
  ]
}

async function ocrFigures(engine: ReturnType<typeof createOfflineEngine>): Promise<Figure[]> {
  const image = await readFile(fixture)
  const screenshot = () => engine.analyzeScreenshot({ image, mimeType: 'image/png' })
  const cold = await screenshot()
  const warm: number[] = []
  for (let i = 0; i < 5; i += 1) warm.push((await screenshot()).latencyMs)
  return [
    {
      name: 'screenshot (OCR + answer), first call',
      value: cold.latencyMs,
      unit: 'ms',
      note: '960×260 PNG; includes starting the OCR worker',
    },
    {
      name: 'screenshot (OCR + answer), warm p50',
      value: percentile(warm, 50),
      unit: 'ms',
      note: '960×260 PNG, 5 runs',
    },
  ]
}

async function missingSpeechTools(engine: ReturnType<typeof createOfflineEngine>): Promise<string | null> {
  const espeak = await run('espeak-ng', ['--version']).then(
    () => true,
    () => false,
  )
  if (!espeak) return 'espeak-ng is not installed'
  return (await engine.transcriber.isAvailable()) ? null : 'PocketSphinx is not installed'
}

type SpeechRun = { accuracy: number; latencies: number[]; interviewModelShare: number; note: string }

async function transcribeAll(
  engine: ReturnType<typeof createOfflineEngine>,
  clips: readonly { text: string; audio: Uint8Array }[],
): Promise<SpeechRun> {
  const samples: SpeechSample[] = []
  for (const clip of clips)
    samples.push(await sample(clip.text, () => engine.transcribe({ audio: clip.audio, mimeType: 'audio/wav' })))
  const done = samples.flatMap(({ result }) => (result ? [result] : []))
  return {
    accuracy: Math.max(0, 1 - errorRate(samples)) * 100,
    latencies: done.map(({ latencyMs }) => latencyMs),
    interviewModelShare: (done.filter(({ model }) => model === INTERVIEW_SPEECH_MODEL).length / clips.length) * 100,
    note: failedNote(samples),
  }
}

async function speechFigures(folder: string): Promise<Figure[]> {
  const interview = createOfflineEngine({ speech: { cacheDir: folder } })
  const generic = createOfflineEngine({ speech: { languageModel: 'generic' } })
  const missing = await missingSpeechTools(generic)
  if (missing) {
    console.warn(`AI bench: speech figures skipped (${missing}).`)
    return []
  }
  const started = performance.now()
  await prepareInterviewModel({ cacheDir: folder })
  const buildMs = performance.now() - started
  const synthesise = async (text: string, index: number) => {
    const file = join(folder, `clip-${index}.wav`)
    await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', file, text])
    return { text, audio: await readFile(file) }
  }
  const questions = await Promise.all(interviewPhrases.map(synthesise))
  const everyday = await Promise.all(everydayPhrases.map((text, index) => synthesise(text, 100 + index)))
  const figures: Figure[] = [
    { name: 'interview speech model build (first use)', value: buildMs, unit: 'ms', note: 'cached on disk afterwards' },
  ]
  for (const [label, engine] of [
    ['generic model', generic],
    ['interview model + fallback', interview],
  ] as const) {
    for (const [set, clips] of [
      ['interview questions', questions],
      ['everyday speech', everyday],
    ] as const) {
      const result = await transcribeAll(engine, clips)
      const note = `${clips.length} espeak-ng en-us+klatt phrases${label === 'generic model' ? '' : `; interview model kept for ${Math.round(result.interviewModelShare)}%`}${result.note}`
      figures.push(
        { name: `ASR word accuracy, ${set} (${label})`, value: result.accuracy, unit: '%', note },
        { name: `ASR latency p50, ${set} (${label})`, value: percentile(result.latencies, 50), unit: 'ms' },
      )
    }
  }
  return figures
}

export async function benchAi(): Promise<Figure[]> {
  const folder = await mkdtemp(join(tmpdir(), 'ih-ai-bench-'))
  const engine = createOfflineEngine()
  try {
    return [
      ...retrievalFigures(),
      ...answerQualityFigures(),
      ...rewriteFigures(),
      ...(await answerFigures(engine)),
      ...(await ocrFigures(engine)),
      ...(await speechFigures(folder)),
    ]
  } finally {
    await engine.close()
    await rm(folder, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  for (const figure of await benchAi()) {
    console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
  }
}
