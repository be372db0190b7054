import { randomBytes } from 'node:crypto'

type WithContext = Request & { context?: Record<string, unknown> }

const key = 'cspNonce'

/**
 * A fresh nonce for one answer, kept on the request's context (nitro's per-request context) so
 * that the page renderer stamps the same one on its inline scripts as the header allows.
 */
export function issueNonce(request: Request): string {
  const nonce = randomBytes(16).toString('base64')
  const carrier = request as WithContext
  carrier.context ??= {}
  carrier.context[key] = nonce
  return nonce
}

export function nonceOf(request: Request): string | undefined {
  const value = (request as WithContext).context?.[key]
  return typeof value === 'string' ? value : undefined
}
