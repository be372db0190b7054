import { DomainError, type DomainErrorCode } from '#events/domain-error.ts'
import { QueueFullRefusal } from './media-limits.ts'

// Matched by name, not instanceof: the bundler may give a route its own copy of an error class.
const named = (error: unknown, name: string): error is Error & { code?: unknown } =>
  error instanceof Error && error.name === name

const refusalByError: Record<string, DomainErrorCode> = {
  RecognizerUnavailableError: 'ai-not-configured',
  UnsupportedMediaError: 'unsupported-media',
  MediaTooLargeError: 'too-large',
  MediaUnreadableError: 'media-unreadable',
  RecognizerFailedError: 'ai-failed',
}

const refusalByProviderCode: Record<string, DomainErrorCode> = {
  not_configured: 'ai-not-configured',
  bad_request: 'ai-rejected',
}

/** The error itself, or the recogniser's error an engine wrapped in it (its `cause`). */
function recognizerErrorIn(error: Error): Error | undefined {
  for (let found: unknown = error, depth = 0; found instanceof Error && depth < 3; depth += 1) {
    if (Object.hasOwn(refusalByError, found.name) || found.name === 'QueueFullError') return found
    found = found.cause
  }
  return undefined
}

const lineOf = (error: Error) => ({
  waiting: 'waiting' in error && typeof error.waiting === 'number' ? error.waiting : 0,
  running: 'running' in error && typeof error.running === 'number' ? error.running : 1,
})

/**
 * Runs an AI call and turns its failures into clear refusals: 503 when this server cannot do it
 * (nothing configured for it), 400/413/415/422 for input it cannot take, 429 when the person's
 * line at a recogniser is full, 502 when the provider failed — each message starting with the
 * wording clients know ('Failed to get response', …).
 */
export async function callAi<T>(failure: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof Error)) throw error
    const recognizer = recognizerErrorIn(error)
    if (recognizer?.name === 'QueueFullError')
      throw new QueueFullRefusal(`${failure}: ${recognizer.message}`, lineOf(recognizer))
    const byName = recognizer ? refusalByError[recognizer.name] : undefined
    if (byName) throw new DomainError(byName, `${failure}: ${error.message}`)
    if (named(error, 'AiProviderError')) {
      const code = typeof error.code === 'string' ? refusalByProviderCode[error.code] : undefined
      throw new DomainError(code ?? 'ai-failed', `${failure}: ${error.message}`)
    }
    throw error
  }
}
