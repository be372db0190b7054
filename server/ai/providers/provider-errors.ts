/**
 * Turns whatever the AI SDK throws into an `AiProviderError` with a clear message and a
 * retryable flag. Upstream messages are kept (they say what went wrong) but scrubbed of the API
 * key: OpenAI echoes a masked key on 401, other servers may echo it whole.
 */
import { APICallError, RetryError, StreamProviderError } from 'ai'
import { AiProviderError, type AiErrorCode } from '#server/ai/ai-errors.ts'

export type ErrorContext = {
  provider: string
  model: string
  apiKey: string
  /** The configured base URL, shown when the provider cannot be reached. */
  baseUrl: string
  timeoutMs: number
}

export function toAiProviderError(error: unknown, context: ErrorContext): AiProviderError {
  if (error instanceof AiProviderError) return error
  const { cause, attempts } = unwrapRetries(error)
  const make = (code: AiErrorCode, message: string, retryable: boolean, statusCode?: number) =>
    new AiProviderError(redact(message, context.apiKey), {
      code,
      retryable,
      provider: context.provider,
      model: context.model,
      statusCode,
    })
  const model = `model "${context.model}"`
  const after = attempts > 1 ? ` (after ${attempts} attempts)` : ''

  if (isNamed(cause, 'TimeoutError')) {
    return make('timeout', `The AI provider did not answer within ${context.timeoutMs} ms for ${model}${after}.`, true)
  }
  if (isNamed(cause, 'AbortError') || isNamed(cause, 'ResponseAborted')) {
    return make('aborted', `The AI call for ${model} was aborted.`, false)
  }

  const status = statusOf(cause)
  const upstream = upstreamMessage(cause)
  if (status === undefined && APICallError.isInstance(cause)) {
    return make(
      'unreachable',
      `Cannot reach the AI provider at ${safeUrl(context.baseUrl)}${after}: ${upstream}. Check AI_BASE_URL.`,
      true,
    )
  }
  if (status === 401 || status === 403) {
    return make(
      'unauthorized',
      `The AI provider rejected the API key (HTTP ${status}) for ${model}. Check AI_API_KEY. Provider said: ${upstream}`,
      false,
      status,
    )
  }
  if (status === 404) {
    return make(
      'model_not_found',
      `The AI provider answered HTTP 404 for ${model}: ${upstream}. Check the model name and that AI_BASE_URL includes the API path (usually ending in /v1).`,
      false,
      status,
    )
  }
  if (status === 429) {
    return make(
      'rate_limited',
      `The AI provider is rate limiting ${model} (HTTP 429)${after}: ${upstream}`,
      true,
      status,
    )
  }
  if (status === 408) {
    return make('timeout', `The AI provider timed out for ${model} (HTTP 408)${after}: ${upstream}`, true, status)
  }
  if (status !== undefined && status >= 500) {
    return make(
      'unavailable',
      `The AI provider failed for ${model} (HTTP ${status})${after}: ${upstream}`,
      true,
      status,
    )
  }
  if (status !== undefined && status >= 400) {
    return make(
      'bad_request',
      `The AI provider rejected the request for ${model} (HTTP ${status}): ${upstream}`,
      false,
      status,
    )
  }
  if (isConnectionDrop(cause)) {
    return make('unavailable', `The connection to the AI provider broke off during the answer from ${model}.`, true)
  }
  return make('unknown', `The AI call for ${model} failed: ${upstream}`, false, status)
}

function unwrapRetries(error: unknown): { cause: unknown; attempts: number } {
  if (RetryError.isInstance(error)) return { cause: error.lastError, attempts: error.errors.length }
  return { cause: error, attempts: 1 }
}

function statusOf(error: unknown): number | undefined {
  if (APICallError.isInstance(error) || StreamProviderError.isInstance(error)) return error.statusCode
  return undefined
}

function upstreamMessage(error: unknown): string {
  if (APICallError.isInstance(error) && error.cause instanceof Error && error.statusCode === undefined) {
    const code = (error.cause as Error & { code?: unknown }).code
    return typeof code === 'string' ? `${error.cause.message} (${code})` : error.cause.message
  }
  if (error instanceof Error) return error.message
  return String(error)
}

function isNamed(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === name
}

function isConnectionDrop(error: unknown): boolean {
  return (
    error instanceof TypeError && /terminated|socket|other side closed/i.test(`${error.message} ${String(error.cause)}`)
  )
}

/** Removes the key itself, anything shaped like an OpenAI key (masked or not) and bearer tokens. */
export function redact(text: string, apiKey: string): string {
  let result = text
  if (apiKey.length >= 4) result = result.split(apiKey).join('[redacted]')
  return result.replace(/\bsk-[A-Za-z0-9*_-]{4,}/g, '[redacted]').replace(/Bearer\s+\S+/gi, 'Bearer [redacted]')
}

function safeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    parsed.search = ''
    return parsed.toString().replace(/\/$/, '')
  } catch {
    return '(invalid URL)'
  }
}
