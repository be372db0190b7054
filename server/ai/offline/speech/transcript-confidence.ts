/**
 * The confidence of a PocketSphinx transcript, 0–1 (decision 0055): the words' lattice posteriors,
 * each weighted by how long the word lasts. PocketSphinx 0.8 gives short function words ("the",
 * "a") low posteriors even when they are right, because many words compete for a few frames;
 * weighting by duration lets the content words, which carry the question, decide. A word that
 * lasts far longer than a syllable can be said is noise the decoder forced into a word ("thigh"
 * for a second of hiss, at posterior 1.0), so it counts as wrong whatever its posterior. A
 * transcript that ends on a word no question ends on ("…the difference between") is incomplete
 * and is capped below the confirmation threshold, unless interview language often ends a question
 * there ("…proud of"). That acoustic confidence is then multiplied by how plausible the words are
 * as interview language (transcript-plausibility.ts, decision 0123): the posteriors are high for
 * fluent but wrong transcripts the language model forced ("what is a prefix tree old pull what"),
 * which read as word salad.
 */
import type { DecodedWord } from './decoder-output.ts'
import { brokenRules, languageEvidence, plausibilityRules } from './transcript-plausibility.ts'

/** A stressed, phrase-final syllable lasts up to about half a second; longer is not speech. */
const MAX_SECONDS_PER_SYLLABLE = 0.6

/** Vowel groups: near enough to syllables to tell a word from a second of noise. */
const syllables = (word: string) => Math.max(1, word.toLowerCase().match(/[aeiouy]+/g)?.length ?? 0)

/**
 * Words a spoken question does not end on: the recording stopped mid-phrase, or the decoder forced
 * noise into a short word. PocketSphinx marks alternative pronunciations as "the(2)".
 */
const DANGLING_ENDINGS: ReadonlySet<string> = new Set(
  [
    'a',
    'an',
    'the',
    'of',
    'to',
    'and',
    'or',
    'but',
    'with',
    'for',
    'from',
    'by',
    'my',
    'your',
    'between',
    'than',
  ].concat(['if', 'because', 'into', 'onto', 'versus', 'vs', 'its', 'our', 'their', 'whose']),
)
/** An incomplete transcript is at most this sure: below the confirmation threshold (0.45). */
export const INCOMPLETE_TRANSCRIPT_CAP = 0.4
/**
 * Above this log10 probability interview language often ends a question on the dangling word
 * ("describe a project you are proud of", "what are you looking for"): then it is no cut-off.
 */
const QUESTION_END_LOG10 = -1

const spokenForm = (word: string) => word.toLowerCase().replace(/\(\d+\)$/, '')

export function transcriptConfidence(words: readonly DecodedWord[]): number {
  const spoken = words.map(({ word }) => spokenForm(word))
  const evidence = languageEvidence(spoken)
  const incomplete = endsOnDanglingWord(spoken) && evidence.endLog10 < QUESTION_END_LOG10
  const posterior = posteriorConfidence(words)
  const acoustic = incomplete ? Math.min(posterior, INCOMPLETE_TRANSCRIPT_CAP) : posterior
  return Math.round(acoustic * plausibilityRules.factor ** brokenRules(evidence) * 1000) / 1000
}

/** Whether the last word is one a question does not end on (spoken forms, without variant numbers). */
export function endsOnDanglingWord(spoken: readonly string[]): boolean {
  const last = spoken.at(-1)
  return last !== undefined && DANGLING_ENDINGS.has(last)
}

/** The words' posteriors, each weighted by how long the word lasts; an implausibly long word counts as wrong. */
export function posteriorConfidence(words: readonly DecodedWord[]): number {
  let weighted = 0
  let total = 0
  for (const { word, start, end, posterior } of words) {
    // Frames are 10 ms: a word lasts at least one.
    const seconds = Math.max(0.01, end - start)
    const plausible = seconds / syllables(word) <= MAX_SECONDS_PER_SYLLABLE
    weighted += seconds * (plausible ? posterior : 0)
    total += seconds
  }
  return total === 0 ? 0 : Math.round((weighted / total) * 1000) / 1000
}
