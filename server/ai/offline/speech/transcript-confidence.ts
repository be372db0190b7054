/**
 * The confidence of a PocketSphinx transcript, 0–1 (decision 0055): the words' lattice posteriors,
 * each weighted by how long the word lasts. PocketSphinx 0.8 gives short function words ("the",
 * "a") low posteriors even when they are right, because many words compete for a few frames;
 * weighting by duration lets the content words, which carry the question, decide. A word that
 * lasts far longer than a syllable can be said is noise the decoder forced into a word ("thigh"
 * for a second of hiss, at posterior 1.0), so it counts as wrong whatever its posterior.
 */
import type { DecodedWord } from './decoder-output.ts'

/** A stressed, phrase-final syllable lasts up to about half a second; longer is not speech. */
const MAX_SECONDS_PER_SYLLABLE = 0.6

/** Vowel groups: near enough to syllables to tell a word from a second of noise. */
const syllables = (word: string) => Math.max(1, word.toLowerCase().match(/[aeiouy]+/g)?.length ?? 0)

export function transcriptConfidence(words: readonly DecodedWord[]): number {
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
