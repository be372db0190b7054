/**
 * The answer confidence as a probability: how likely the top-ranked entry answers the question,
 * from a logistic model over the retrieval's evidence. The coefficients are fitted on the
 * development parts of the answer evaluation only (`node scripts/fit-answer-confidence.ts` prints
 * them); the test parts still only measured never take part in the fit, so their calibration
 * tables say how far the probability can be trusted on questions nobody tuned for.
 */

/** What retrieval knows about one candidate; every share is 0..1. */
export type ConfidenceEvidence = {
  /** idf-weighted share of the question's terms found anywhere in the entry. */
  coverage: number
  /** Share found in the entry's question, phrasings or tags. */
  titleCoverage: number
  /** Share of the question's key terms (its rarest words) the entry names. */
  keyCoverage: number
  /** For the top candidate, how far ahead of the runner-up it is; 0 for the others. */
  margin: number
  /**
   * How closely the question is one of the entry's own phrasings: the best idf-weighted Jaccard
   * overlap between the question's terms and one line of the entry's question, alternatives or
   * everyday wordings.
   */
  lineMatch: number
  /** The same overlap with the entry's own question alone (not its phrasings or wordings). */
  ownQuestionMatch: number
  /** For the top candidate, its line match less the runner-up's; 0 for the others. */
  lineLead: number
  /** idf-weighted share of the question's terms the knowledge base has never seen. */
  unknownShare: number
  /** BM25F text score per unit of the question's idf weight: how strongly its terms match, whatever its length. */
  scorePerTerm: number
  /** The probability that the question's register (about the candidate, or a subject) is the entry's. */
  registerAgreement: number
}

/** The evidence the model reads; key-term coverage already shapes the ranking score the margin is taken on. */
export const confidenceFeatures = [
  'coverage',
  'titleCoverage',
  'margin',
  'lineMatch',
  'ownQuestionMatch',
  'lineLead',
  'unknownShare',
  'scorePerTerm',
  'registerAgreement',
] as const satisfies readonly (keyof ConfidenceEvidence)[]

export type ConfidenceModel = {
  weights: Readonly<Record<(typeof confidenceFeatures)[number], number>>
  intercept: number
}

/**
 * Fitted on the development parts (decisions 0140, 0144, 0147 and 0176: the trust set and the nine
 * oldest test parts, the 1,442 of their questions that neither their wording nor their terms answer,
 * of them those whose top entry names a key term, the ones the confidence decides; L2 = 1, each
 * weight kept on its feature's side of zero), each searched for as the engine searches it
 * (`searchAsAsked`: the asked part, without a lead-in or an instruction on how to put the answer);
 * leave-one-out over the 1,442, with the key-term rule of `findAnswers` at its threshold of 0.75:
 * 1,087 on topic, 1,009 answered right, 42 confidently wrong, 391 abstained (on the engine of every
 * decision to 0176: among them the question's register of 0150, the situation wordings of 0146, the
 * romanised Hindi of 0157, the closing invitations of 0160, the specific neighbour of 0166, the story
 * key terms of 0168, the coding-problem and canon entries with their blind grades of 0169 and 0171,
 * the compound rule of 0173, and the wording rules gated by the register of 0176).
 * Title coverage gets no weight beside the others.
 */
export const confidenceModel: ConfidenceModel = {
  weights: {
    coverage: 1.9541,
    titleCoverage: 0,
    margin: 3.8905,
    ownQuestionMatch: 0,
    lineMatch: 1.8786,
    lineLead: 3.4239,
    unknownShare: -1.4556,
    scorePerTerm: 3.5853,
    registerAgreement: 1.414,
  },
  intercept: -5.0767,
}

function linearScore(model: ConfidenceModel, evidence: ConfidenceEvidence): number {
  return confidenceFeatures.reduce((sum, name) => sum + model.weights[name] * evidence[name], model.intercept)
}

export function probabilityOf(model: ConfidenceModel, evidence: ConfidenceEvidence): number {
  return 1 / (1 + Math.exp(-linearScore(model, evidence)))
}
