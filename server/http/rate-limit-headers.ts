import { z } from 'zod'
import { rateLimitStateSchema, type RateLimitState } from '#server/accounts/rate-limiter.ts'

/**
 * The headers of draft-ietf-httpapi-ratelimit-headers-10 (`RateLimit-Policy: "name";q=…;w=…`,
 * `RateLimit: "name";r=…;t=…`), and on a refusal the standard `Retry-After` in seconds.
 */
export function rateLimitHeaders(state: RateLimitState, refused: boolean): Record<string, string> {
  const name = JSON.stringify(state.policy)
  return {
    'ratelimit-policy': `${name};q=${state.quota};w=${state.windowSeconds}`,
    ratelimit: `${name};r=${state.remaining};t=${state.resetSeconds}`,
    ...(refused ? { 'retry-after': String(Math.max(1, state.resetSeconds)) } : {}),
  }
}

const carrier = z.object({ rateLimit: rateLimitStateSchema })

/** The limit a refusal (or the error wrapping it) reports, if it is a rate limit. */
export function rateLimitStateOf(error: unknown): RateLimitState | undefined {
  for (let found: unknown = error, depth = 0; found instanceof Error && depth < 3; depth += 1) {
    const parsed = carrier.safeParse({ rateLimit: 'rateLimit' in found ? found.rateLimit : undefined })
    if (parsed.success) return parsed.data.rateLimit
    found = found.cause
  }
  return undefined
}
