import { userCommands } from '#events/users/user-decider.ts'
import { normalizeEmail } from '#server/accounts/normalize-email.ts'
import type { Runtime } from '#server/runtime.ts'

/** A refusal of the command line: its message for the operator, and the exit code. */
export class CommandRefused extends Error {
  readonly exitCode: number
  constructor(message: string, exitCode = 2) {
    super(message)
    this.name = 'CommandRefused'
    this.exitCode = exitCode
  }
}

/** The account an e-mail address or a user id names. */
export async function findPerson(runtime: Runtime, emailOrId: string): Promise<string> {
  const byEmail = await runtime.db
    .selectFrom('user_emails')
    .select('user_id')
    .where('email', '=', normalizeEmail(emailOrId))
    .executeTakeFirst()
  if (byEmail) return byEmail.user_id
  const { state } = await userCommands.load(runtime.store, emailOrId)
  if (state.status !== 'unregistered') return emailOrId
  throw new CommandRefused(`No account for ${emailOrId}.`, 1)
}

/**
 * The support staff member a command acts as (`--as`), checked against the log like a request's
 * role: the same rule as the web console, so a shell alone does not make anyone support.
 */
export async function staffMember(runtime: Runtime, email: string | undefined): Promise<string> {
  if (!email) throw new CommandRefused('Name the support staff member the command acts as: --as staff@example.com', 3)
  const userId = await findPerson(runtime, email).catch(() => undefined)
  const state = userId ? (await userCommands.load(runtime.store, userId)).state : undefined
  if (!userId || state?.status !== 'active' || state.role !== 'support')
    throw new CommandRefused(`${email} is not support staff: this command is for support staff only.`, 3)
  return userId
}
