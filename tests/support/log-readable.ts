import type { Kysely } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import { untilLogReadable } from '#events/store/log-readable.ts'

/**
 * Waits until no transaction on the server is older than an event of the log, so a commit-order
 * reader reads the log to its end: a test that checks a view caught up must not race another
 * process's transaction.
 */
export async function logReadableToItsEnd(db: Kysely<EventsDatabase>): Promise<void> {
  if ((await untilLogReadable(db, 60_000)) === 'still-unreadable')
    throw new Error('A transaction held the log unreadable for a minute')
}
