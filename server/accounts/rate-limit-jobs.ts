import type { Kysely } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import type { BackgroundJob } from '#server/jobs/background-job.ts'
import { pruneRateLimits } from './rate-limiter.ts'
import { pruneChallenges } from './second-step/sign-in-challenge.ts'

/** Nothing sends it today: the poll (in-process) or the cron (Inngest) runs the job. */
const rateLimitsPruneDueEvent = 'rate-limits/prune.due'

/** Without it every fixed window ever counted stays in `rate_limits` for good. */
export function rateLimitJobs(options: { db: Kysely<Database>; clock: Clock }): BackgroundJob[] {
  return [
    {
      id: 'prune-rate-limits',
      name: 'Drop rate-limit windows older than a day, and sign-in challenges an hour after they expired',
      wakeEvent: rateLimitsPruneDueEvent,
      cron: '0 * * * *',
      run: async () => {
        await pruneRateLimits(options.db, options.clock)
        await pruneChallenges(options.db, options.clock)
      },
    },
  ]
}
