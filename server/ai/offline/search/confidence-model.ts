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
 * Fitted on the development parts (decisions 0140, 0144 and 0147: the trust set and the five oldest
 * test parts, the 933 of their questions that neither their wording nor their terms answer, L2 = 1,
 * each weight kept on its feature's side of zero), each searched for as the engine searches it
 * (`searchAsAsked`: the asked part, without a lead-in or an instruction on how to put the answer);
 * leave-one-out there, with the key-term rule of `findAnswers` at its threshold of 0.75: 765 on topic,
 * 725 answered right, 20 confidently wrong, 188 abstained (with the question's register of decision
 * 0150, the situation wordings for HR and networking entries, the second HR batch of 0146's
 * amendment, the romanised Hindi function words made by rule of decision 0157, its content verbs
 * read as their English word (0157's amendment), the closing invitations of decision 0160 answered
 * by their wording, the specific neighbour of decision 0166, every naming word a key term of a question put to the
 * candidate, decision 0168, and the coding-problem entries with their blind grades and the words of a name said
 * apart, decision 0169, the 100 entries from published canons with their blind grades, decision 0171, and a
 * compound asked named only by an entry that names all its words, decision 0173, and says them together, its
 * amendment).
 * Title coverage gets no weight beside the others.
 */
export const confidenceModel: ConfidenceModel = {
  weights: {
    coverage: 1.7734,
    titleCoverage: 0,
    margin: 4.2908,
    ownQuestionMatch: 0,
    lineMatch: 3.8277,
    lineLead: 3.6138,
    unknownShare: -2.3457,
    scorePerTerm: 3.0488,
    registerAgreement: 1.124,
  },
  intercept: -5.0047,
}

function linearScore(model: ConfidenceModel, evidence: ConfidenceEvidence): number {
  return confidenceFeatures.reduce((sum, name) => sum + model.weights[name] * evidence[name], model.intercept)
}

export function probabilityOf(model: ConfidenceModel, evidence: ConfidenceEvidence): number {
  return 1 / (1 + Math.exp(-linearScore(model, evidence)))
}
