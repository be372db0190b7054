/**
 * What building the transcript scorer (the interview language model of decision 0123) costs, in
 * the same run: as it was first built (ARPA text written and parsed back into a map of joined
 * words) and as it is built now (the estimate queried directly), at once and in slices. Figures:
 * build time (wall and CPU), heap kept while the scorer is held (after a collection, so run with --expose-gc;
 * without it the heap figures are left out), and the longest the event loop waited during the
 * sliced build. Each build starts from the same knowledge-base corpus; the builds alternate, three
 * rounds, and the median is given. Run alone with `node --expose-gc scripts/bench/transcript-scorer-bench.ts`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { interviewCorpus } from '#server/ai/offline/speech/interview-model/corpus.ts'
import { createLanguageModel, startLanguageModel } from '#server/ai/offline/speech/interview-model/language-score.ts'
import { buildArpa } from '#server/ai/offline/speech/interview-model/ngram.ts'
import { spokenTokens } from '#server/ai/offline/speech/interview-model/spoken-words.ts'
import type { Figure } from './event-store-bench.ts'

/** The first build: the ARPA text parsed back into entries keyed by space-joined words. */
export function parseArpaEntries(arpa: string): Map<string, { log10: number; backoff: number }> {
  const entries = new Map<string, { log10: number; backoff: number }>()
  let order = 0
  for (const line of arpa.split('\n')) {
    const section = /^\\(\d)-grams:$/.exec(line)
    if (section) {
      order = Number(section[1])
      continue
    }
    if (order === 0 || line === '' || line.startsWith('\\')) continue
    const fields = line.split(' ')
    entries.set(fields.slice(1, order + 1).join(' '), {
      log10: Number(fields[0]),
      backoff: fields.length > order + 1 ? Number(fields[order + 1]) : 0,
    })
  }
  return entries
}

const collect = () => (typeof globalThis.gc === 'function' ? (globalThis.gc(), true) : false)

/** Time to build, and heap still used while the result is held. */
async function measure(build: () => unknown) {
  const collected = collect()
  const heapBefore = process.memoryUsage().heapUsed
  const started = performance.now()
  const cpu = process.cpuUsage()
  const held = await build()
  const ms = performance.now() - started
  const { user, system } = process.cpuUsage(cpu)
  collect()
  const kept = process.memoryUsage().heapUsed - heapBefore
  return { ms, cpuMs: (user + system) / 1000, kept: collected && held !== undefined ? kept : undefined }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

export async function benchTranscriptScorer(rounds = 3): Promise<Figure[]> {
  const arpaRoundTrip = () => {
    const sentences = interviewCorpus().map(({ text, weight }) => ({
      words: spokenTokens(text).map(({ word }) => word),
      weight,
    }))
    return parseArpaEntries(buildArpa(sentences))
  }
  const results = { before: [] as number[], after: [] as number[], sliced: [] as number[], blocked: [] as number[] }
  const cpu = { before: [] as number[], after: [] as number[] }
  const kept = { before: [] as number[], after: [] as number[] }
  for (let round = 0; round < rounds; round += 1) {
    const before = await measure(arpaRoundTrip)
    results.before.push(before.ms)
    cpu.before.push(before.cpuMs)
    if (before.kept !== undefined) kept.before.push(before.kept)
    const after = await measure(() => createLanguageModel())
    results.after.push(after.ms)
    cpu.after.push(after.cpuMs)
    if (after.kept !== undefined) kept.after.push(after.kept)
    const delay = monitorEventLoopDelay({ resolution: 1 })
    delay.enable()
    const sliced = await measure(() => startLanguageModel().finishInSlices())
    delay.disable()
    results.sliced.push(sliced.ms)
    results.blocked.push(delay.max / 1e6)
  }
  const note = `median of ${rounds}`
  const figures: Figure[] = [
    {
      name: 'scorer build before (ARPA text written and parsed back)',
      value: median(results.before),
      unit: 'ms',
      note,
    },
    { name: 'scorer build after (estimate queried directly)', value: median(results.after), unit: 'ms', note },
    {
      name: 'scorer build before: CPU (all threads, collections included)',
      value: median(cpu.before),
      unit: 'ms',
      note,
    },
    { name: 'scorer build after: CPU (all threads, collections included)', value: median(cpu.after), unit: 'ms', note },
    { name: 'scorer build after, in slices: wall time', value: median(results.sliced), unit: 'ms', note },
    {
      name: 'scorer build after, in slices: longest event-loop wait',
      value: median(results.blocked),
      unit: 'ms',
      note,
    },
  ]
  if (kept.before.length > 0 && kept.after.length > 0)
    figures.push(
      { name: 'scorer heap kept before', value: median(kept.before) / 2 ** 20, unit: 'MB', note },
      { name: 'scorer heap kept after', value: median(kept.after) / 2 ** 20, unit: 'MB', note },
    )
  return figures
}

if (import.meta.main) {
  for (const figure of await benchTranscriptScorer())
    console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
}
