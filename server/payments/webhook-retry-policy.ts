/**
 * How often a webhook delivery that failed is tried again: exponential backoff from 30 seconds up
 * to 6 hours between attempts, 15 attempts in all (about a day, as long as Razorpay itself keeps
 * retrying), then the delivery ends failed for an operator to look at.
 */
export const webhookRetryPolicy = {
  maxAttempts: 15,
  firstDelayMs: 30_000,
  maxDelayMs: 6 * 60 * 60_000,
  /** How long a claimed delivery stays out of other runs while one run works on it. */
  claimLeaseMs: 5 * 60_000,
} as const

/**
 * The wait after the given failed attempt (1 for the first): between half and all of the
 * exponential step, so deliveries that failed together (an outage) do not all come back together.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const { firstDelayMs, maxDelayMs } = webhookRetryPolicy
  const step = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(step / 2 + (random() * step) / 2)
}
