import { z } from 'zod'

/** What a client needs to know of the limit it ran into: the window's size, its quota, and when it ends. */
export const rateLimitStateSchema = z.object({
  policy: z.string(),
  quota: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
  remaining: z.number().int().nonnegative(),
  resetSeconds: z.number().int().nonnegative(),
})
export type RateLimitState = z.infer<typeof rateLimitStateSchema>

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
    const parsed = carrier.safeParse({ rateLimit: Reflect.get(found, 'rateLimit') })
    if (parsed.success) return parsed.data.rateLimit
    found = found.cause
  }
  return undefined
}
