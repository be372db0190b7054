import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'

/** How often a running server says it is alive. */
const instanceBeatMs = 5_000
/**
 * A server silent this long is taken for dead (killed, or cut off from the database), and a repeat
 * may take over the Idempotency-Key claims it held. Several missed beats, so a busy moment or a
 * short database outage does not hand a request that still runs to a repeat.
 */
export const silentInstanceMs = 20_000

type LiveInstance = {
  id: string
  /** Says it is alive now (the timer does this every `instanceBeatMs`). */
  beat: () => Promise<void>
  /** Stops the timer and leaves the row as it is, as a killed server does. */
  halt: () => void
  /** A clean stop: the row goes, so its claims are taken over at once. */
  stop: () => Promise<void>
}

/**
 * Registers this server in `server_instances` and keeps its `alive_at` fresh from one process-wide
 * timer, outside every request (decision 0103). Rows of servers gone for a day are dropped.
 */
export async function startLiveInstance(db: Kysely<Database>, clock: Clock, log: Logger): Promise<LiveInstance> {
  const id = randomUUID()
  let failing = false
  const beat = async () => {
    const now = clock.now()
    await db
      .insertInto('server_instances')
      .values({ id, alive_at: now })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ alive_at: now }))
      .execute()
  }
  await beat()
  let beating: Promise<void> | undefined
  const timer = setInterval(() => {
    // One beat at a time: a slow database does not pile them up.
    beating ??= beat()
      .then(() => {
        if (failing) log.info('this server says it is alive again')
        failing = false
      })
      .catch((error: unknown) => {
        if (!failing)
          log.warn('this server cannot say it is alive; its Idempotency-Key claims may be taken over', { error })
        failing = true
      })
      .finally(() => {
        beating = undefined
      })
  }, instanceBeatMs)
  timer.unref()
  const halt = () => clearInterval(timer)
  return {
    id,
    beat,
    halt,
    stop: async () => {
      halt()
      await beating
      await db.deleteFrom('server_instances').where('id', '=', id).execute()
    },
  }
}

/** Rows of servers silent for a day: nothing refers to them any longer. */
export async function pruneSilentInstances(db: Kysely<Database>, clock: Clock, olderThanMs: number) {
  await db
    .deleteFrom('server_instances')
    .where('alive_at', '<', new Date(clock.now().getTime() - olderThanMs))
    .execute()
}
