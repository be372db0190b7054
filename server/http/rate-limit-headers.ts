import { z } from 'zod'
import { rateLimitStateSchema, type RateLimitState } from '#server/accounts/rate-limit-state.ts'

/**
 * The headers of draft-ietf-httpapi-ratelimit-headers-10 (`RateLimit-Policy: "name";q=…;w=…`,
 * `RateLimit: "name";r=…;t=…`), and on a refusal the standard `Retry-After` in seconds.
 */
export function rateLimitHeaders(state: RateLimitState, refused: boolean): Record<string, string> {
  return {
    ...rateLimitListHeaders([state]),
    ...(refused ? { 'retry-after': String(Math.max(1, state.resetSeconds)) } : {}),
  }
}

/** Every limit an answer counted against, as the draft's lists (`"a";r=…;t=…, "b";r=…;t=…`). */
function rateLimitListHeaders(states: readonly RateLimitState[]): Record<string, string> {
  const name = (state: RateLimitState) => JSON.stringify(state.policy)
  return {
    'ratelimit-policy': states.map((state) => `${name(state)};q=${state.quota};w=${state.windowSeconds}`).join(', '),
    ratelimit: states.map((state) => `${name(state)};r=${state.remaining};t=${state.resetSeconds}`).join(', '),
  }
}

/**
 * An answer that was not refused still tells its client how much of each limit it counted against
 * is left; a refusal keeps the headers of the limit that refused it.
 */
export function addRateLimitHeaders(headers: Headers, states: readonly RateLimitState[] | undefined): void {
  if (!states || states.length === 0 || headers.has('ratelimit')) return
  for (const [name, value] of Object.entries(rateLimitListHeaders(states))) headers.set(name, value)
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
