/**
 * Fits the answer-confidence model (server/ai/offline/search/confidence-model.ts) on the
 * development parts of the answer evaluation (the trust set and the test parts moved to
 * development by decision 0140) and prints its coefficients and a leave-one-out estimate, over
 * all and per part, with its calibration (at the engine's threshold, or at the one given as an
 * argument). Run with
 * `node scripts/fit-answer-confidence.ts [threshold]` after changing the knowledge base, the
 * index or the evidence, then paste the coefficients (a unit test checks they are the fit).
 */
import { developmentSamples, fitConfidenceModel, leaveOneOut } from '#server/ai/offline/eval/fit-confidence.ts'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'

const round = (value: number) => Math.round(value * 10_000) / 10_000
const samples = developmentSamples()
const model = fitConfidenceModel(samples)
console.log('weights:', Object.fromEntries(Object.entries(model.weights).map(([k, v]) => [k, round(v)])))
console.log('intercept:', round(model.intercept))
const threshold = Number(process.argv[2] ?? CONFIDENCE_THRESHOLD)
const estimate = leaveOneOut(samples, threshold)
const line = (
  name: string,
  figures: { total: number; onTopic: number; answeredRight: number; wrong: number; abstained: number },
) =>
  console.log(
    `leave-one-out on ${name} (${figures.total}) at threshold ${threshold}: on topic ${figures.onTopic}, answered right ${figures.answeredRight}, confident but wrong ${figures.wrong}, abstained ${figures.abstained}`,
  )
line('all development parts', estimate)
for (const part of estimate.bySource) line(`the ${part.source} part`, part)
for (const row of estimate.calibration)
  console.log(`  calibration ${row.bucket}: top entry right for ${row.topEntryRight}/${row.questions}`)
