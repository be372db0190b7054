import type { Kysely } from 'kysely'
import type { BackgroundJob } from '#server/jobs/background-job.ts'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import { deliverDueMail } from './mail-outbox.ts'
import type { Mailer } from './mailer.ts'

export const mailEnqueuedEvent = 'mail/enqueued'

export function mailJobs(options: {
  db: Kysely<Database>
  mailer: Mailer
  clock: Clock
  log: Logger
}): BackgroundJob[] {
  return [
    {
      id: 'deliver-mail',
      name: 'Deliver queued mail',
      wakeEvent: mailEnqueuedEvent,
      cron: '* * * * *',
      run: () => deliverDueMail(options),
    },
  ]
}
