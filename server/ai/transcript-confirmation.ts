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

/**
 * A transcript this sure or surer may be read as a follow-up to the session's earlier questions.
 * Between the confirmation threshold and this one it is answered, but on its own: a misheard
 * question resolved against history gets the previous answer again with full confidence. Clear
 * speech decodes above 0.6 (decision 0055).
 */
const TRANSCRIPT_FOLLOW_UP_THRESHOLD = 0.6

/** Whether the session's earlier turns may be used to read a transcript; an unknown confidence is taken at its word. */
export function mayFollowUp(confidence: number | undefined): boolean {
  return confidence === undefined || confidence >= TRANSCRIPT_FOLLOW_UP_THRESHOLD
}
