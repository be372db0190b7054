import type { z } from 'zod'
import { AiProviderError } from '#server/ai/ai-errors.ts'
import { QueueFullError } from '#server/ai/concurrency-limit.ts'
import {
  MediaTooLargeError,
  MediaUnreadableError,
  RecognizerFailedError,
  RecognizerUnavailableError,
  UnsupportedMediaError,
} from '#server/ai/recognizer-errors.ts'
import { OFFLINE_PROVIDER } from './offline-provider.ts'

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, provider = OFFLINE_PROVIDER): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
  throw new AiProviderError(`Invalid AI request: ${problems.join('; ')}`, {
    code: 'bad_request',
    retryable: false,
    provider,
  })
}

function abortedError(provider: string) {
  return new AiProviderError('The AI request was aborted.', { code: 'aborted', retryable: false, provider })
}

export function throwIfAborted(signal: AbortSignal | undefined, provider = OFFLINE_PROVIDER): void {
  if (signal?.aborted) throw abortedError(provider)
}

/**
 * Rejects as soon as `signal` aborts. The work itself (an OCR job, a decoder process) cannot be
 * cancelled: it finishes unseen and its outcome is dropped.
 */
export function abortable<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  provider = OFFLINE_PROVIDER,
): Promise<T> {
  if (!signal) return work
  // Once the caller has given up, a late failure of the work must not surface as an unhandled rejection.
  work.catch(() => undefined)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(provider))
    if (signal.aborted) {
      onAbort()
      return
    }
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * Any failure as the engine's one error type: the recognizers' errors (OCR, speech) by kind,
 * anything else as `unknown`. The original stays as `cause` for callers that answer, say, an
 * unsupported image with 415.
 */
export function toOfflineError(error: unknown, provider: string, model: string): AiProviderError {
  if (error instanceof AiProviderError) return error
  const converted = convert(error, { provider, model })
  converted.cause = error
  return converted
}

function convert(error: unknown, details: { provider: string; model: string }): AiProviderError {
  if (error instanceof QueueFullError) {
    return new AiProviderError(error.message, { ...details, code: 'rate_limited', retryable: true })
  }
  if (
    error instanceof UnsupportedMediaError ||
    error instanceof MediaTooLargeError ||
    error instanceof MediaUnreadableError
  ) {
    return new AiProviderError(error.message, { ...details, code: 'bad_request', retryable: false })
  }
  if (error instanceof RecognizerUnavailableError) {
    return new AiProviderError(error.message, { ...details, code: 'not_configured', retryable: false })
  }
  if (error instanceof RecognizerFailedError) {
    return error.timedOut
      ? new AiProviderError(error.message, { ...details, code: 'timeout', retryable: true })
      : new AiProviderError(error.message, { ...details, code: 'unavailable', retryable: true })
  }
  const message = error instanceof Error ? error.message : String(error)
  return new AiProviderError(`The offline engine failed: ${message}`, { ...details, code: 'unknown', retryable: false })
}
