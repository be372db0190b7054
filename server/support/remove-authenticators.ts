import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { revokeAllRefreshTokens } from '#server/accounts/tokens/refresh-tokens.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { supportedPerson } from './timeline/person.ts'
import { supportMetadata, type SupportStaff } from './timeline/support-staff.ts'

/**
 * Support takes away every authenticator of a person who lost them all (and their recovery codes),
 * after checking who they are: an audited command, recorded on the person's stream with the staff
 * member as its actor and the reason they gave. Every session of the person ends with it.
 */
export async function removeAuthenticatorsBySupport(
  runtime: Runtime,
  staff: SupportStaff,
  input: { userId: string; reason: string },
) {
  const person = await supportedPerson(runtime.db, input.userId)
  await commandUnit(runtime.store, async (tx) => {
    await userCommands.handle(
      tx,
      person.userId,
      { type: 'RemoveAuthenticatorsBySupport', reason: input.reason },
      supportMetadata(staff, person.userId),
    )
    await revokeAllRefreshTokens(tx.db, person.userId, runtime.clock)
  })
  return { removed: true as const }
}
