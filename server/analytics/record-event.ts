import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { takeRateLimit, type RateLimit } from '#server/accounts/rate-limiter.ts'
import type { RequestScope } from '#server/request-scope.ts'
import type { trackInput } from './analytics-events.ts'

/**
 * The sink is anonymous, so it is limited per client address: about one event a second, far more
 * than a person browsing sends (a page view and a few clicks a page), far less than a flood.
 */
export const analyticsLimit: RateLimit = {
  name: 'analytics:ip',
  limit: 300,
  windowMs: 5 * 60_000,
  message: 'Too many analytics events from your network. Please wait a few minutes.',
}

/** The first-party analytics sink: one row per event, with the person when signed in. */
export async function recordAnalyticsEvent(scope: RequestScope, input: z.infer<typeof trackInput>): Promise<void> {
  const { runtime } = scope
  await takeRateLimit(runtime, analyticsLimit, scope.clientIp)
  await runtime.db
    .insertInto('analytics_events')
    .values({
      id: randomUUID(),
      name: input.name,
      category: input.category,
      params: JSON.stringify(input.params),
      user_id: scope.userId ?? null,
      created_at: runtime.clock.now(),
    })
    .execute()
}
