/**
 * Fitting of the answer-confidence model (confidence-model.ts) on the development part of the
 * answer evaluation. The test part is never read here.
 */
import { developmentPart } from './development-part.ts'
import { asksAboutTerms, personalQuestionEntry } from '#server/ai/offline/answer/personal-question.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import {
  confidenceFeatures,
  confidenceModel,
  probabilityOf,
  type ConfidenceEvidence,
  type ConfidenceModel,
} from '#server/ai/offline/search/confidence-model.ts'
import { CONFIDENCE_THRESHOLD, findAnswers, namesAKeyTerm } from '#server/ai/offline/search/retrieve.ts'

export type Sample = { evidence: ConfidenceEvidence; topRight: boolean; hasEntry: boolean }

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
}

/**
 * The top candidate's evidence for each development question the confidence decides, and whether
 * that entry answers it. A question recognised by its wording ("what is your current CTC?") is
 * answered from its entry, and one about terms no entry covers with the terms form, whatever
 * retrieval scored: their evidence says nothing about when retrieval can be trusted, so they are
 * left out.
 */
export const developmentSamples = (): Sample[] =>
  developmentPart.questions
    .filter((item) => personalQuestionEntry(item.question) === null && !asksAboutTerms(item.question))
    .map((item) => {
      const top = findAnswers(item.question, item.context).matches[0]
      const accepted = item.accept.filter((id) => findEntry(id) !== undefined)
      return {
        evidence: top?.evidence ?? NO_CANDIDATE,
        topRight: top !== undefined && accepted.includes(top.entry.id),
        hasEntry: accepted.length > 0,
      }
    })

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
}

/**
 * L2-regularised logistic regression by projected gradient descent on standardised features, each
 * weight kept on its feature's side of zero (`featureSigns`).
 */
export function fitConfidenceModel(training: readonly Sample[]): ConfidenceModel {
  const columns = confidenceFeatures.map((name) => training.map((s) => s.evidence[name]))
  const means = columns.map((values) => values.reduce((a, b) => a + b, 0) / values.length)
  const spreads = columns.map((values, i) => {
    const mean = means[i] ?? 0
    return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length) + 1e-9
  })
  const standard = training.map((s) =>
    confidenceFeatures.map((name, i) => (s.evidence[name] - (means[i] ?? 0)) / (spreads[i] ?? 1)),
  )
  const weights = confidenceFeatures.map(() => 0)
  let intercept = 0
  for (let step = 0; step < STEPS; step++) {
    const gradient = weights.map((w) => (L2 * w) / training.length)
    let interceptGradient = 0
    standard.forEach((row, r) => {
      const linear = row.reduce((sum, value, i) => sum + value * (weights[i] ?? 0), intercept)
      const error = 1 / (1 + Math.exp(-linear)) - (training[r]?.topRight ? 1 : 0)
      row.forEach((value, i) => (gradient[i] = (gradient[i] ?? 0) + (error * value) / training.length))
      interceptGradient += error / training.length
    })
    confidenceFeatures.forEach((name, i) => {
      const stepped = (weights[i] ?? 0) - LEARNING_RATE * (gradient[i] ?? 0)
      weights[i] = featureSigns[name] * Math.max(0, featureSigns[name] * stepped)
    })
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

/** Leave-one-out on the samples: each question judged by a model fitted without it, as `findAnswers` judges it. */
export function leaveOneOut(samples: readonly Sample[], threshold = CONFIDENCE_THRESHOLD) {
  let onTopic = 0
  let wrong = 0
  let abstained = 0
  samples.forEach((sample, i) => {
    const model = fitConfidenceModel(samples.filter((_, j) => j !== i))
    const answered = probabilityOf(model, sample.evidence) >= threshold && namesAKeyTerm(sample.evidence)
    if (!answered) abstained++
    if (answered && !sample.topRight) wrong++
    if ((answered && sample.topRight) || (!answered && !sample.hasEntry)) onTopic++
  })
  return { total: samples.length, onTopic, wrong, abstained }
}
