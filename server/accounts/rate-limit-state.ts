import { z } from 'zod'

/** What a client needs to know of a limit it counted against: the window's size, its quota, what is left, and when it ends. */
export const rateLimitStateSchema = z.object({
  policy: z.string(),
  quota: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
  remaining: z.number().int().nonnegative(),
  resetSeconds: z.number().int().nonnegative(),
})
export type RateLimitState = z.infer<typeof rateLimitStateSchema>
