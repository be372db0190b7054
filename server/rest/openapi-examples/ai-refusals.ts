import { APICallError } from 'ai'
import { speechNotConfiguredMessage } from '#server/ai/offline/speech/local-transcriber.ts'
import { toAiProviderError } from '#server/ai/providers/provider-errors.ts'
import type { ErrorExample } from './operation-example.ts'

const provider = {
  provider: 'openai',
  model: 'gpt-4.1-mini',
  apiKey: '',
  baseUrl: 'https://api.openai.com/v1',
  timeoutMs: 30_000,
}

/** What the server says when the AI provider answers `statusCode`: its own wording of the provider's error. */
const providerSaid = (statusCode: number, upstream: string) =>
  toAiProviderError(
    new APICallError({
      message: upstream,
      url: `${provider.baseUrl}/chat/completions`,
      requestBodyValues: {},
      statusCode,
    }),
    provider,
  ).message

/** The AI refusals of an operation whose failures start with `failure` ('Failed to get response', …). */
export function aiRefusals(failure: string): { ai_failed: ErrorExample; ai_rejected: ErrorExample } {
  return {
    ai_failed: { error: `${failure}: ${providerSaid(502, 'Bad gateway')}` },
    ai_rejected: {
      error: `${failure}: ${providerSaid(400, 'Your request was rejected as a result of our safety system.')}`,
    },
  }
}

export const speechNotConfigured = (failure: string): ErrorExample => ({
  error: `${failure}: ${speechNotConfiguredMessage}`,
})
