import { createHash } from 'node:crypto'
import { viewProjections } from '#events/projections/all-projections.ts'
import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'
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
 * checkpoint) with the projector itself, inside one transaction holding every view's projector
 * lock, and compares the rows before and after. A dry run rolls it all back and only reports; an apply commits the same work,
 * and with `expected` (a dry run's fingerprint) refuses if the changes are no longer those.
 */
export async function replayUser(
  runtime: Runtime,
  userId: string,
  options: { apply: boolean; expected?: string },
): Promise<UserReplay> {
  const tables = viewProjections.flatMap((projection) => (projection.forgetUser ? (projection.tables ?? []) : []))
  try {
    return await runtime.db.transaction().execute(async (trx) => {
      await runtime.projections.lock(trx, runtime.projections.perPerson)
      const before = await rowsOfUser(trx, tables, userId)
      const replayed = await runtime.projections.replayPersonIn(trx, userId)
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
