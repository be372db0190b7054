import { APICallError, RetryError } from 'ai'
import { describe, expect, it } from 'vitest'
import { redact, toAiProviderError } from '#server/ai/providers/provider-errors.ts'

const context = {
  provider: 'openai-compatible',
  model: 'm',
  apiKey: 'key-ABCDEFGH1234',
  baseUrl: 'http://u:p@host/v1',
  timeoutMs: 500,
}
const apiError = (statusCode: number | undefined, message = 'upstream said no') =>
  new APICallError({
    message,
    url: 'http://host/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    isRetryable: statusCode === undefined || statusCode >= 500 || statusCode === 429,
  })

describe('toAiProviderError', () => {
  it.each([
    [401, 'unauthorized', false],
    [403, 'unauthorized', false],
    [404, 'model_not_found', false],
    [408, 'timeout', true],
    [400, 'bad_request', false],
    [413, 'bad_request', false],
    [429, 'rate_limited', true],
    [500, 'unavailable', true],
    [503, 'unavailable', true],
  ] as const)('maps HTTP %i to %s', (status, code, retryable) => {
    expect(toAiProviderError(apiError(status), context)).toMatchObject({
      code,
      retryable,
      statusCode: status,
      model: 'm',
    })
  })

  it('reports the attempts of a retried call by its last error', () => {
    const error = new RetryError({
      message: 'failed',
      reason: 'maxRetriesExceeded',
      errors: [apiError(503), apiError(503), apiError(429)],
    })
    const mapped = toAiProviderError(error, context)
    expect(mapped).toMatchObject({ code: 'rate_limited', statusCode: 429 })
    expect(mapped.message).toContain('after 3 attempts')
  })

  it('maps timeouts, aborts and lost connections, and hides URL credentials', () => {
    expect(toAiProviderError(new DOMException('t', 'TimeoutError'), context)).toMatchObject({
      code: 'timeout',
      retryable: true,
    })
    expect(toAiProviderError(new DOMException('a', 'AbortError'), context)).toMatchObject({
      code: 'aborted',
      retryable: false,
    })
    const unreachable = toAiProviderError(apiError(undefined, 'Cannot connect to API: connect ECONNREFUSED'), context)
    expect(unreachable).toMatchObject({ code: 'unreachable', retryable: true })
    expect(unreachable.message).toContain('http://host/v1')
    expect(unreachable.message).not.toContain('u:p@')
  })

  it('never lets the key through', () => {
    const mapped = toAiProviderError(
      apiError(400, `bad key ${context.apiKey} or sk-abc123456789 with Bearer xyz`),
      context,
    )
    expect(mapped.message).not.toContain(context.apiKey)
    expect(mapped.message).not.toContain('sk-abc')
    expect(mapped.message).not.toContain('xyz')
  })
})

describe('redact', () => {
  it('removes the key, OpenAI-style keys (masked or not) and bearer tokens', () => {
    expect(redact('k=secret-key-1; sk-proj-****abcd; Bearer t0k3n', 'secret-key-1')).toBe(
      'k=[redacted]; [redacted]; Bearer [redacted]',
    )
  })
})
