import { describe, expect, it } from 'vitest'
import { retryDelayMs, webhookRetryPolicy } from '#server/payments/webhook-retry-policy.ts'

describe('the webhook retry schedule', () => {
  it('doubles from 30 seconds, waiting between half and all of each step', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([30_000, 60_000, 120_000, 240_000])
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([15_000, 30_000, 60_000, 120_000])
  })

  it('never waits more than 6 hours, however many attempts failed', () => {
    expect(retryDelayMs(webhookRetryPolicy.maxAttempts, () => 1)).toBe(6 * 60 * 60_000)
    expect(retryDelayMs(50, () => 1)).toBe(6 * 60 * 60_000)
  })

  it('gives up after about a day of attempts, as long as Razorpay itself retries', () => {
    const waits = Array.from({ length: webhookRetryPolicy.maxAttempts - 1 }, (_, index) => index + 1)
    const longest = waits.reduce((sum, attempt) => sum + retryDelayMs(attempt, () => 1), 0)
    const shortest = waits.reduce((sum, attempt) => sum + retryDelayMs(attempt, () => 0), 0)
    expect(shortest).toBeGreaterThan(12 * 60 * 60_000)
    expect(longest).toBeLessThan(36 * 60 * 60_000)
  })
})
