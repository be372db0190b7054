import { loadAggregate } from '#events/store/command-handler.ts'
import type { StoreTransaction } from '#events/store/event-store.ts'
import type { Owner } from './owner.ts'
import { userAggregate } from './user-decider.ts'
import { userStreamId } from './user.ts'

/**
 * The owner fact for a decision about something `userId` owns, read inside the deciding unit of
 * work. The share lock on the person's stream row makes an erasure that is being written wait for
 * this unit to commit (or this unit wait for the erasure, and then read it), so a decision can
 * never be taken on an owner that an erasure committed under it.
 */
export async function loadOwner(tx: Pick<StoreTransaction, 'db' | 'readStream'>, userId: string): Promise<Owner> {
  await tx.db.selectFrom('streams').select('version').where('stream_id', '=', userStreamId(userId)).forShare().execute()
  const { state } = await loadAggregate({ readStream: (streamId) => tx.readStream(streamId) }, userAggregate, userId)
  return { userId, erased: state.status === 'erased' }
}
