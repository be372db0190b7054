/**
 * Fitting of the answer-confidence model (confidence-model.ts) on the development parts of the
 * answer evaluation: the trust set and the test parts moved to development by decision 0140. The
 * test parts still only measured are never read here.
 */
import { calibrationTable, type EvaluationPart } from './answer-evaluation.ts'
import { developmentParts } from './development-part.ts'
import { searchAsAsked } from '#server/ai/offline/answer/answer.ts'
import { asksAboutTerms, personalQuestionEntry } from '#server/ai/offline/answer/personal-question.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import {
  confidenceFeatures,
  confidenceModel,
  probabilityOf,
  type ConfidenceEvidence,
  type ConfidenceModel,
} from '#server/ai/offline/search/confidence-model.ts'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { namesAKeyTerm } from '#server/ai/offline/search/retrieve.ts'

export type Sample = {
  /** The name of the part the question comes from. */
  source: string
  evidence: ConfidenceEvidence
  topRight: boolean
  hasEntry: boolean
}

const NO_CANDIDATE: ConfidenceEvidence = {
  coverage: 0,
  titleCoverage: 0,
  keyCoverage: 0,
  margin: 0,
  lineMatch: 0,
  ownQuestionMatch: 0,
  lineLead: 0,
  unknownShare: 1,
  scorePerTerm: 0,
  registerAgreement: 0,
}

/**
 * The top candidate's evidence for each question of the development parts the confidence decides,
 * searched for as the engine searches (`searchAsAsked`), and whether that entry answers it. A question recognised by its wording ("what is your current CTC?") is
 * answered from its entry, and one about terms no entry covers with the terms form, whatever
 * retrieval scored: their evidence says nothing about when retrieval can be trusted, so they are
 * left out.
 */
export const developmentSamples = (parts: readonly EvaluationPart[] = developmentParts): Sample[] =>
  parts.flatMap((part) =>
    part.questions
      .filter((item) => personalQuestionEntry(item.question) === null && !asksAboutTerms(item.question))
      .map((item) => {
        const top = searchAsAsked(item.question, item.context).matches[0]
        const accepted = item.accept.filter((id) => findEntry(id) !== undefined)
        return {
          source: part.name,
          evidence: top?.evidence ?? NO_CANDIDATE,
          topRight: top !== undefined && accepted.includes(top.entry.id),
          hasEntry: accepted.length > 0,
        }
      }),
  )

const L2 = 1
const STEPS = 3000
const LEARNING_RATE = 0.5

/**
 * The direction each feature may move the confidence: more of the question found in the entry
 * never lowers it, more of the question unknown to the knowledge base never raises it. Without
 * these bounds the features' overlap let the fit give some a negative weight (an entry whose
 * question names fewer of the asked words got more trust), which held on the questions it was
 * fitted on and not beyond.
 */
const featureSigns: Readonly<Record<(typeof confidenceFeatures)[number], 1 | -1>> = {
  coverage: 1,
  titleCoverage: 1,
  margin: 1,
  lineMatch: 1,
  ownQuestionMatch: 1,
  lineLead: 1,
  unknownShare: -1,
  scorePerTerm: 1,
  registerAgreement: 1,
}

/**
 * L2-regularised logistic regression by projected gradient descent on standardised features, each
 * weight kept on its feature's side of zero (`featureSigns`), fitted on the questions the
 * confidence decides: a top entry that names none of the question's key terms is never an answer
 * (`namesAKeyTerm`), whatever its confidence, so fitting on those questions too only bent the model
 * towards evidence it never judges (decision 0176).
 */
export function fitConfidenceModel(samples: readonly Sample[]): ConfidenceModel {
  const training = samples.filter((sample) => namesAKeyTerm(sample.evidence))
  const columns = confidenceFeatures.map((name) => training.map((s) => s.evidence[name]))
  const means = columns.map((values) => values.reduce((a, b) => a + b, 0) / values.length)
  const spreads = columns.map((values, i) => {
    const mean = means[i] ?? 0
    return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length) + 1e-9
  })
  const width = confidenceFeatures.length
  // One flat row-major array: the descent below runs thousands of passes over it (leave-one-out
  // fits once per sample), so it avoids closures and nested arrays.
  const standard = new Float64Array(training.length * width)
  training.forEach((s, r) =>
    confidenceFeatures.forEach(
      (name, i) => (standard[r * width + i] = (s.evidence[name] - (means[i] ?? 0)) / (spreads[i] ?? 1)),
    ),
  )
  const labels = Float64Array.from(training, (s) => (s.topRight ? 1 : 0))
  const weights = new Float64Array(width)
  const gradient = new Float64Array(width)
  const signs = Float64Array.from(confidenceFeatures, (name) => featureSigns[name])
  const n = training.length
  let intercept = 0
  for (let step = 0; step < STEPS; step++) {
    for (let i = 0; i < width; i++) gradient[i] = (L2 * (weights[i] ?? 0)) / n
    let interceptGradient = 0
    for (let r = 0; r < n; r++) {
      let linear = intercept
      for (let i = 0; i < width; i++) linear += (standard[r * width + i] ?? 0) * (weights[i] ?? 0)
      const error = 1 / (1 + Math.exp(-linear)) - (labels[r] ?? 0)
      for (let i = 0; i < width; i++) gradient[i] = (gradient[i] ?? 0) + (error * (standard[r * width + i] ?? 0)) / n
      interceptGradient += error / n
    }
    for (let i = 0; i < width; i++) {
      const sign = signs[i] ?? 1
      weights[i] = sign * Math.max(0, sign * ((weights[i] ?? 0) - LEARNING_RATE * (gradient[i] ?? 0)))
    }
    intercept -= LEARNING_RATE * interceptGradient
  }
  // Back to the features' own scale, so the model reads raw evidence.
  const raw: Record<keyof ConfidenceModel['weights'], number> = { ...confidenceModel.weights }
  confidenceFeatures.forEach((name, i) => (raw[name] = (weights[i] ?? 0) / (spreads[i] ?? 1)))
  return {
    weights: raw,
    intercept: intercept - confidenceFeatures.reduce((sum, name, i) => sum + raw[name] * (means[i] ?? 0), 0),
  }
}

type LeaveOneOutFigures = {
  total: number
  onTopic: number
  /** Answered from the top entry, and it answers the question. */
  answeredRight: number
  wrong: number
  abstained: number
}

const figuresOf = (judged: readonly { sample: Sample; answered: boolean }[]): LeaveOneOutFigures => ({
  total: judged.length,
  onTopic: judged.filter(({ sample, answered }) => (answered ? sample.topRight : !sample.hasEntry)).length,
  answeredRight: judged.filter(({ sample, answered }) => answered && sample.topRight).length,
  wrong: judged.filter(({ sample, answered }) => answered && !sample.topRight).length,
  abstained: judged.filter(({ answered }) => !answered).length,
})

/**
 * Leave-one-out on the samples: each question judged by a model fitted without it, as
 * `findAnswers` judges it; the figures over all samples, per source, and the calibration of the
 * left-out probabilities (for each confidence bucket, how often the top entry answers).
 */
export function leaveOneOut(samples: readonly Sample[], threshold = CONFIDENCE_THRESHOLD) {
  const judged = samples.map((sample, i) => {
    const model = fitConfidenceModel(samples.filter((_, j) => j !== i))
    const confidence = probabilityOf(model, sample.evidence)
    return { sample, confidence, answered: confidence >= threshold && namesAKeyTerm(sample.evidence) }
  })
  const sources = [...new Set(samples.map((sample) => sample.source))]
  return {
    ...figuresOf(judged),
    bySource: sources.map((source) => ({
      source,
      ...figuresOf(judged.filter(({ sample }) => sample.source === source)),
    })),
    calibration: calibrationTable(judged.map(({ sample, confidence }) => ({ confidence, right: sample.topRight }))),
  }
}
