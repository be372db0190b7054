/**
 * What one screenshot or one spoken question may be, checked from the file's header before
 * anything decodes it: a larger one would not be read within the recognisers' time limit, and
 * would hold a decoder everyone shares while it failed (decision 0094).
 */

/** Pixels (width × height) of one screenshot: 4096 × 4096, which a 5K screen (5120 × 2880) fits. */
export const maxScreenshotPixels = 4096 * 4096

/** Seconds of one spoken question. */
export const maxQuestionAudioSeconds = 60

/**
 * Recordings or screenshots one person may have waiting for a recogniser besides the one being
 * read; one more is refused with 429 until the line moves on.
 */
export const maxWaitingPerPerson = 3

/** Seconds a person refused for a full line is told to wait (Retry-After). */
export const fullLineRetrySeconds = 5
