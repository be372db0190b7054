/** Errors of the local recognizers (speech-to-text, OCR) used by the offline mode. */

/** The recognizer is not installed here; the message says what to install or configure instead. */
export class RecognizerUnavailableError extends Error {
  override readonly name = 'RecognizerUnavailableError'
  readonly recognizer: string

  constructor(recognizer: string, message: string) {
    super(message)
    this.recognizer = recognizer
  }
}

/** The input is not in a format the recognizer reads; the message lists the accepted formats. */
export class UnsupportedMediaError extends Error {
  override readonly name = 'UnsupportedMediaError'
  readonly accepted: readonly string[]

  constructor(message: string, accepted: readonly string[]) {
    super(message)
    this.accepted = accepted
  }
}

/** The input is in an accepted format, but its header is damaged, truncated or declares the impossible. */
export class MediaUnreadableError extends Error {
  override readonly name = 'MediaUnreadableError'
}

/** The input is larger than the recognizer accepts. */
export class MediaTooLargeError extends Error {
  override readonly name = 'MediaTooLargeError'
  readonly limit: string

  constructor(message: string, limit: string) {
    super(message)
    this.limit = limit
  }
}

/** The recognizer ran but failed or took too long. */
export class RecognizerFailedError extends Error {
  override readonly name = 'RecognizerFailedError'
  readonly recognizer: string
  readonly timedOut: boolean

  constructor(recognizer: string, message: string, timedOut = false) {
    super(message)
    this.recognizer = recognizer
    this.timedOut = timedOut
  }
}
