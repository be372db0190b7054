/**
 * How plausible a transcript's words are as interview language (decision 0123), 0–1, from the
 * interview trigram model the decoder itself uses. PocketSphinx's posteriors stay high when the
 * language model forces fluent-looking but wrong words out of speech it heard badly; what gives
 * those away is the words: in an order interviews never use ("what is the different between a
 * stack and cue the"), stopping where no question stops ("how do you"), words the interview
 * corpus never has (the generic model's "ottawa", "reddit"), or too few words for a question
 * (unless they are, whole, one of the short ways to follow up: "why is that", "how so"; decision
 * 0127).
 * Each rule a transcript breaks multiplies its confidence by the same factor (0.8; stopping where
 * no question stops counts twice): with the confirmation threshold at 0.45, one broken rule sends
 * back a transcript below 0.56 acoustic confidence, two below 0.70, three below 0.88. The
 * thresholds were chosen on the development part only (scripts/fit-transcript-confidence.ts).
 */
import { startLanguageModel, type LanguageModel, type LanguageModelBuild } from './interview-model/language-score.ts'
import { isFollowUpForm } from './interview-model/follow-up-forms.ts'

export type LanguageEvidence = {
  words: number
  /**
   * Mean log10 of how much likelier each word (and the sentence end) is after the words before it
   * than on its own. Unlike the plain log probability it does not punish rare technical words,
   * only words in an order interview language does not use.
   */
  meanContextGain: number
  /** Log10 probability that a question ends after the last two words. */
  endLog10: number
  /** The share of words the interview corpus never has. */
  unexpectedShare: number
  /** Whether the words are, whole, one of the short ways to follow up ("why is that", "how so"). */
  followUpForm: boolean
}

export type PlausibilityRules = {
  /** Fewer words than this is too little for a question… */
  minWords: number
  /** …unless they are a whole short follow-up form of at least this many words. */
  minFollowUpWords: number
  minContextGain: number
  minEndLog10: number
  maxUnexpectedShare: number
  /** What each broken rule multiplies the confidence by. */
  factor: number
}

export const plausibilityRules: PlausibilityRules = {
  minWords: 3,
  minFollowUpWords: 2,
  minContextGain: 0.7,
  minEndLog10: -2.2,
  maxUnexpectedShare: 0,
  factor: 0.8,
}

let build: LanguageModelBuild | undefined
let model: LanguageModel | undefined

/**
 * Builds the interview language model from the knowledge base a few milliseconds per turn of the
 * event loop (a few hundred milliseconds of CPU in all), so that it is ready before the first
 * transcript is scored without holding up other requests meanwhile; call it when speech
 * recognition starts. Once per process.
 */
export async function prepareLanguageEvidence(): Promise<void> {
  build ??= startLanguageModel()
  model ??= await build.finishInSlices()
}

/**
 * What the interview language model (or another scorer, for comparisons) makes of the words. A
 * model not yet prepared is finished here, at once.
 */
export function languageEvidence(words: readonly string[], scorer?: LanguageModel): LanguageEvidence {
  const score = (scorer ?? (model ??= (build ??= startLanguageModel()).finish())).score(words)
  return {
    followUpForm: isFollowUpForm(words.map((word) => word.toLowerCase())),
    words: score.words,
    meanContextGain: score.meanContextGain,
    endLog10: score.endLog10,
    unexpectedShare: score.words === 0 ? 0 : score.unexpected / score.words,
  }
}

/** How many of the rules a transcript breaks; none for no words (the confidence is 0 then anyway). */
export function brokenRules(evidence: LanguageEvidence, rules: PlausibilityRules = plausibilityRules): number {
  if (evidence.words === 0) return 0
  return (
    Number(evidence.words < rules.minWords && !(evidence.followUpForm && evidence.words >= rules.minFollowUpWords)) +
    Number(evidence.meanContextGain < rules.minContextGain) +
    // Stopping where no question stops is the surer sign: a cut-off transcript reads fluently.
    2 * Number(evidence.endLog10 < rules.minEndLog10) +
    Number(evidence.unexpectedShare > rules.maxUnexpectedShare)
  )
}

/** 1 for words that read like an interview question; the rules' factor once for each rule broken. */
export function languagePlausibility(words: readonly string[], rules: PlausibilityRules = plausibilityRules): number {
  return rules.factor ** brokenRules(languageEvidence(words), rules)
}
