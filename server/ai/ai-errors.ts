/** Why an AI call failed; callers branch on it, never on messages. */
export type AiErrorCode =
  /** The provider refused the API key (HTTP 401/403). */
  | 'unauthorized'
  /** HTTP 429 after the retries. */
  | 'rate_limited'
  /** No answer within the configured time. */
  | 'timeout'
  /** HTTP 5xx after the retries. */
  | 'unavailable'
  /** No connection to the provider at all. */
  | 'unreachable'
  /** HTTP 404: unknown model, or a base URL without the API's path. */
  | 'model_not_found'
  /** HTTP 400/413/422: the provider rejected the request itself. */
  | 'bad_request'
  /** The model answered, but not in the shape asked for (after one retry). */
  | 'invalid_output'
  /** The engine lacks the setting this call needs, e.g. a transcription model. */
  | 'not_configured'
  /** The caller aborted. */
  | 'aborted'
  | 'unknown'

export type AiProviderErrorDetails = {
  code: AiErrorCode
  /** Whether the same call may succeed later. */
  retryable: boolean
  provider: string
  /** The model the failing call used, when there was one. */
  model?: string
  /** The HTTP status the provider answered with, when there was one. */
  statusCode?: number
}

/** The one error type AI engines reject with, so callers branch on `code`, never on messages. */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError'
  readonly code: AiErrorCode
  readonly retryable: boolean
  readonly provider: string
  readonly model: string | undefined
  readonly statusCode: number | undefined

  constructor(message: string, details: AiProviderErrorDetails) {
    super(message)
    this.code = details.code
    this.retryable = details.retryable
    this.provider = details.provider
    this.model = details.model
    this.statusCode = details.statusCode
  }
}
