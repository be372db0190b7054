import { AiProviderError } from '#server/ai/ai-errors.ts'

/** Failures a different model may not share: the provider's trouble, an unknown model, bad output. */
export function worthFallingBack(error: AiProviderError): boolean {
  return error.retryable || error.code === 'model_not_found' || error.code === 'invalid_output'
}

/** The models to try in order: the primary, then the fallback when it differs. */
export function modelChain(primary: string, fallback: string | undefined): string[] {
  return fallback && fallback !== primary ? [primary, fallback] : [primary]
}

/** When both models failed: one error that tells both stories, coded by the last failure. */
export function bothFailed(first: AiProviderError, second: AiProviderError): AiProviderError {
  return new AiProviderError(`${first.message} The fallback model "${second.model}" also failed: ${second.message}`, {
    code: second.code,
    retryable: first.retryable || second.retryable,
    provider: second.provider,
    model: second.model,
    statusCode: second.statusCode,
  })
}

/**
 * Runs `call` with each model of the chain until one succeeds. `toError` must return an
 * AiProviderError for whatever `call` throws.
 */
export async function withFallback<T>(
  models: string[],
  call: (model: string) => Promise<T>,
  toError: (error: unknown, model: string) => AiProviderError,
  onFallback: (error: AiProviderError, fallbackModel: string) => void = () => undefined,
): Promise<{ value: T; model: string }> {
  let firstError: AiProviderError | undefined
  for (const [index, model] of models.entries()) {
    try {
      return { value: await call(model), model }
    } catch (caught) {
      const error = toError(caught, model)
      const last = index === models.length - 1
      if (firstError) throw bothFailed(firstError, error)
      if (last || !worthFallingBack(error)) throw error
      firstError = error
      onFallback(error, models[index + 1] ?? '')
    }
  }
  throw new Error('withFallback needs at least one model')
}
