import type { Owner } from './owner.ts'
import { userStreamId } from './user.ts'

/** The stream a decision names in `ownerStreams` to ask whether `userId` was erased. */
export const ownerStreamOf = userStreamId

/**
 * The owner fact for a decision about something `userId` owns, from the deciding unit itself. A
 * unit of work reads it with a share lock on the person's stream (an erasure being written waits,
 * or is read); a decision answers it from its one read and checks it again when it writes. Either
 * way a decision is never taken on an owner an erasure committed under it. Only `UserErased`
 * decides the fact, so the person's stream (which grows with every sign-in) is not folded.
 */
export async function ownerOf(
  unit: { erased: (ownerStream: string) => Promise<boolean> },
  userId: string,
): Promise<Owner> {
  return { userId, erased: await unit.erased(ownerStreamOf(userId)) }
}
