import type { Kysely } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import type { BackgroundJob } from '#server/jobs/background-job.ts'
import { pruneIdempotencyKeys } from './idempotency-keys.ts'

/** Nothing sends it today: the poll (in-process) or the cron (Inngest) runs the job. */
const idempotencyKeysPruneDueEvent = 'idempotency-keys/prune.due'

/** Kept answers may hold questions and answers: none stays longer than its 24 hours. */
export function idempotencyJobs(options: { db: Kysely<Database>; clock: Clock }): BackgroundJob[] {
  return [
    {
      id: 'prune-idempotency-keys',
      name: 'Drop Idempotency-Key answers older than a day',
      wakeEvent: idempotencyKeysPruneDueEvent,
      cron: '15 * * * *',
      run: () => pruneIdempotencyKeys(options.db, options.clock),
    },
  ]
}
