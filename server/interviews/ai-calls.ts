import { DomainError } from '#events/domain-error.ts'

// Matched by name, not instanceof: the bundler may give a route its own copy of an error class.
const named = (error: unknown, name: string): error is Error & { code?: unknown } =>
  error instanceof Error && error.name === name

const refusalByError: Record<string, string> = {
  RecognizerUnavailableError: 'ai-not-configured',
  UnsupportedMediaError: 'unsupported-media',
  MediaTooLargeError: 'too-large',
  RecognizerFailedError: 'ai-failed',
}

const refusalByProviderCode: Record<string, string> = {
  not_configured: 'ai-not-configured',
  bad_request: 'ai-rejected',
}

/**
 * Runs an AI call and turns its failures into clear refusals: 503 when this server cannot do it
 * (nothing configured for it), 400/413/415 for input it cannot take, 502 when the provider
 * failed — each message starting with what failed ('Failed to get response', …).
 */
export async function callAi<T>(failure: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof Error)) throw error
    const byName = refusalByError[error.name]
    if (byName) throw new DomainError(byName, `${failure}: ${error.message}`)
    if (named(error, 'AiProviderError')) {
      const code = typeof error.code === 'string' ? refusalByProviderCode[error.code] : undefined
      throw new DomainError(code ?? 'ai-failed', `${failure}: ${error.message}`)
    }
    throw error
  }
}
