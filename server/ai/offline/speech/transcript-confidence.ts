/**
 * The confidence of a PocketSphinx transcript, 0–1 (decision 0055): the words' lattice posteriors,
 * each weighted by how long the word lasts. PocketSphinx 0.8 gives short function words ("the",
 * "a") low posteriors even when they are right, because many words compete for a few frames;
 * weighting by duration lets the content words, which carry the question, decide. A word that
 * lasts far longer than a syllable can be said is noise the decoder forced into a word ("thigh"
 * for a second of hiss, at posterior 1.0), so it counts as wrong whatever its posterior. A
 * transcript that ends on a word no question ends on ("…the difference between") is incomplete
 * and is capped below the confirmation threshold. That acoustic confidence is then multiplied by
 * how plausible the words are as interview language (transcript-plausibility.ts, decision 0123):
 * the posteriors are high for fluent but wrong transcripts the language model forced ("what is a
 * prefix tree old pull what"), which read as word salad.
 */
import type { DecodedWord } from './decoder-output.ts'
import { languagePlausibility } from './transcript-plausibility.ts'

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
const INCOMPLETE_TRANSCRIPT_CAP = 0.4

const spokenForm = (word: string) => word.toLowerCase().replace(/\(\d+\)$/, '')

export function transcriptConfidence(words: readonly DecodedWord[]): number {
  const plausibility = languagePlausibility(words.map(({ word }) => spokenForm(word)))
  return Math.round(acousticConfidence(words) * plausibility * 1000) / 1000
}

/** The confidence from the decoder alone: duration-weighted posteriors, capped for a dangling last word. */
export function acousticConfidence(words: readonly DecodedWord[]): number {
  const last = words.at(-1)
  const incomplete = last !== undefined && DANGLING_ENDINGS.has(spokenForm(last.word))
  const posterior = posteriorConfidence(words)
  return incomplete ? Math.min(posterior, INCOMPLETE_TRANSCRIPT_CAP) : posterior
}

function posteriorConfidence(words: readonly DecodedWord[]): number {
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
