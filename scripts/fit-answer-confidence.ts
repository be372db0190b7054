/**
 * Fits the answer-confidence model (server/ai/offline/search/confidence-model.ts) on the
 * development part of the answer evaluation and prints its coefficients and a leave-one-out
 * estimate (at the engine's threshold, or at the one given as an argument). Run with
 * `node scripts/fit-answer-confidence.ts [threshold]` after changing the knowledge base, the
 * index or the evidence, then paste the coefficients (a unit test checks they are the fit).
 */
import { developmentSamples, fitConfidenceModel, leaveOneOut } from '#server/ai/offline/eval/fit-confidence.ts'
import { CONFIDENCE_THRESHOLD } from '#server/ai/offline/search/retrieve.ts'

const round = (value: number) => Math.round(value * 10_000) / 10_000
const samples = developmentSamples()
const model = fitConfidenceModel(samples)
console.log('weights:', Object.fromEntries(Object.entries(model.weights).map(([k, v]) => [k, round(v)])))
console.log('intercept:', round(model.intercept))
const threshold = Number(process.argv[2] ?? CONFIDENCE_THRESHOLD)
const estimate = leaveOneOut(samples, threshold)
console.log(
  `leave-one-out on the development part (${estimate.total}) at threshold ${threshold}: on topic ${estimate.onTopic}, confident but wrong ${estimate.wrong}, abstained ${estimate.abstained}`,
)
