import { randomBytes } from 'node:crypto'

type WithContext = Request & { context?: Record<string, unknown> }

const key = 'cspNonce'

/**
 * Gives the request its context object before anything handles it: a renderer working on a copy
 * of the request shares that object, and so the nonce made in it later.
 */
export function shareNonceContext(request: Request): void {
  ;(request as WithContext).context ??= {}
}

/**
 * The answer's nonce, made on first ask and kept on the request's context (nitro's per-request
 * context), so that the page renderer stamps the same one on its inline scripts as the header
 * allows. Only pages ask: an API answer makes none (decision 0057).
 */
export function nonceOf(request: Request): string {
  const carrier = request as WithContext
  carrier.context ??= {}
  const kept = carrier.context[key]
  if (typeof kept === 'string') return kept
  const nonce = randomBytes(16).toString('base64')
  carrier.context[key] = nonce
  return nonce
}
