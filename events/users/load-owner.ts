import { sql } from 'kysely'
import type { DecisionUnit } from '#events/store/decision-unit.ts'
import type { StoreTransaction } from '#events/store/event-store.ts'
import type { Owner } from './owner.ts'
import { userStreamId } from './user.ts'

/**
 * The owner fact for a decision about something `userId` owns, read inside the deciding unit of
 * work in one statement (`owner_erased`, migration 0035). Its share lock on the person's stream
 * row makes an erasure that is being written wait for this unit to commit (or this unit wait for
 * the erasure, and then read it), so a decision can never be taken on an owner that an erasure
 * committed under it. It does not fold the person's stream: only `UserErased` decides the fact,
 * and a stream that grows with every sign-in must not make every command slower.
 */
export async function loadOwner(tx: Pick<StoreTransaction, 'db'>, userId: string): Promise<Owner> {
  const { rows } = await sql<{ erased: boolean }>`select owner_erased(${userStreamId(userId)}) as erased`.execute(tx.db)
  return { userId, erased: rows[0]?.erased === true }
}

/**
 * The owner fact inside a decision (decision 0071), from its one read of `ownerStreamOf(userId)`:
 * the decision's write takes the same share lock and checks the erasure again, so one committed
 * in between makes the decision run again and be refused.
 */
export function ownerIn(unit: Pick<DecisionUnit, 'erased'>, userId: string): Owner {
  return { userId, erased: unit.erased(userStreamId(userId)) }
}

/** The stream a decision names in `ownerStreams` to ask whether `userId` was erased. */
export const ownerStreamOf = userStreamId
