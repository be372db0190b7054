import { createHash } from 'node:crypto'
import { viewProjections } from '#events/projections/all-projections.ts'
import { handles } from '#events/projections/projection.ts'
import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { checkpointOf, lockProjection } from './projection-lock.ts'
import { diffRows, rowsOfUser, type RowChange } from './view-rows.ts'

export type UserReplay = {
  userId: string
  applied: boolean
  /** Per projection: how many of the person's events it replayed. */
  projections: { projection: string; replayed: number }[]
  changes: RowChange[]
  /** Names this exact set of changes; an apply given it refuses when the views moved since. */
  fingerprint: string
}

/** Carries a dry run's result out of the transaction it rolls back. */
class DryRun extends Error {
  readonly result: UserReplay
  constructor(result: UserReplay) {
    super('dry run: rolled back')
    this.result = result
  }
}

const fingerprintOf = (changes: RowChange[]) => createHash('sha256').update(JSON.stringify(changes)).digest('hex')

/**
 * Rebuilds one person's rows in every per-person view from their events (up to each view's
 * checkpoint) inside one transaction, holding every view's projector lock, and compares the rows
 * before and after. A dry run rolls it all back and only reports; an apply commits the same work,
 * and with `expected` (a dry run's fingerprint) refuses if the changes are no longer those.
 */
export async function replayUser(
  runtime: Runtime,
  userId: string,
  options: { apply: boolean; expected?: string },
): Promise<UserReplay> {
  const projections = viewProjections.filter((projection) => projection.forgetUser && projection.tables)
  try {
    return await runtime.db.transaction().execute(async (trx) => {
      // In name order: two replays never wait on each other crosswise; the runner takes one at a time.
      for (const name of projections.map((projection) => projection.name).sort()) await lockProjection(trx, name)
      const tables = projections.flatMap((projection) => projection.tables ?? [])
      const before = await rowsOfUser(trx, tables, userId)
      const replayed: UserReplay['projections'] = []
      for (const projection of projections) {
        const checkpoint = await checkpointOf(trx, projection.name)
        await projection.forgetUser?.(trx, userId)
        const events = await runtime.store.readByUser(userId, { executor: trx, upTo: checkpoint })
        let count = 0
        for (const event of events) {
          if (!handles(projection, event.type)) continue
          await projection.apply(trx, event)
          count += 1
        }
        replayed.push({ projection: projection.name, replayed: count })
      }
      const changes = diffRows(before, await rowsOfUser(trx, tables, userId))
      const result = {
        userId,
        applied: options.apply,
        projections: replayed,
        changes,
        fingerprint: fingerprintOf(changes),
      }
      if (!options.apply) throw new DryRun(result)
      if (options.expected !== undefined && options.expected !== result.fingerprint)
        throw new DomainError(
          'concurrent-change',
          'The views changed since the dry run: nothing was applied. Run the dry run again and check its changes.',
        )
      return result
    })
  } catch (error) {
    if (error instanceof DryRun) return error.result
    throw error
  }
}
