import { loadAggregate } from '#events/store/command-handler.ts'
import { userAggregate } from '#events/users/user-decider.ts'
import { normalizeEmail } from '#server/accounts/normalize-email.ts'
import type { Runtime } from '#server/runtime.types.ts'

export class CommandRefused extends Error {}

/** A person named by e-mail address or by id. */
export async function personId(runtime: Runtime, emailOrId: string): Promise<string> {
  if (!emailOrId.includes('@')) return emailOrId
  const owner = await runtime.db
    .selectFrom('user_emails')
    .select('user_id')
    .where('email', '=', normalizeEmail(emailOrId))
    .executeTakeFirst()
  if (!owner) throw new CommandRefused(`No account for ${emailOrId}.`)
  return owner.user_id
}

/**
 * The staff member a shell command acts as (`--as <email>`): shell access alone is not a staff
 * identity, so the command refuses unless the account named holds the support role now, as its
 * own stream tells it. Their readings are recorded under their id, as on the web console.
 */
export async function supportStaffId(runtime: Runtime, email: string | undefined): Promise<string> {
  if (!email) throw new CommandRefused('Name the support staff member you act as: --as <email>.')
  const staffId = await personId(runtime, email)
  const { state } = await loadAggregate(runtime.store, userAggregate, staffId)
  if (state.status !== 'active' || state.role !== 'support')
    throw new CommandRefused(`${email} is not support staff (npm run support:grant -- ${email}).`)
  return staffId
}
