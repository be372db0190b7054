/**
 * What the speech benchmarks share: word error counting, and one transcription as a sample that
 * never throws. A recognizer that fails or times out (PocketSphinx under heavy load) is a failed
 * sample, every reference word an error, counted in the figures instead of ending the bench.
 */
import type { TranscriptionResult } from '#server/ai/ai-schemas.ts'

export const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)

/** Word-level edit distance: substitutions, insertions and deletions. */
export function wordErrors(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j)
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i]
    for (let j = 1; j <= hypothesis.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1)
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution))
    }
    previous = current
  }
  return previous[hypothesis.length] ?? 0
}

export type SpeechSample = {
  reference: string
  /** Undefined when the recognizer failed (timeout, crash): the sample counts every word as wrong. */
  result: TranscriptionResult | undefined
  errors: number
  referenceWords: number
  failure?: string
}

export async function sample(reference: string, transcribe: () => Promise<TranscriptionResult>): Promise<SpeechSample> {
  const referenceWords = words(reference).length
  try {
    const result = await transcribe()
    return { reference, result, errors: wordErrors(words(reference), words(result.text)), referenceWords }
  } catch (error) {
    return {
      reference,
      result: undefined,
      errors: referenceWords,
      referenceWords,
      failure: error instanceof Error ? error.message : String(error),
    }
  }
}

/** Word error rate over samples, 0–1 (can exceed 1 when the recognizer adds words). */
export function errorRate(samples: readonly SpeechSample[]): number {
  const total = samples.reduce((sum, { referenceWords }) => sum + referenceWords, 0)
  return total === 0 ? 0 : samples.reduce((sum, { errors }) => sum + errors, 0) / total
}

export const failedNote = (samples: readonly SpeechSample[]) => {
  const failed = samples.filter(({ result }) => !result).length
  return failed === 0 ? '' : `; ${failed} failed (recognizer error or timeout), counted as all words wrong`
}
