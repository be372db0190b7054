/**
 * Whether a transcript is sure enough to be answered as it stands (decision 0055). Below the
 * threshold the candidate is shown what was heard, to confirm or correct, instead of an answer to
 * a question they may not have asked. A recognizer that reports no confidence is taken at its word:
 * a number is never made up for it.
 */
export const TRANSCRIPT_CONFIDENCE_THRESHOLD = 0.45

export function needsConfirmation(confidence: number | undefined): boolean {
  return confidence !== undefined && confidence < TRANSCRIPT_CONFIDENCE_THRESHOLD
}
