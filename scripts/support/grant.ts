// `npm run support -- grant someone@example.com` makes an existing account support staff;
// `npm run support -- revoke someone@example.com` makes it a plain user again.
import { changeRole } from '#server/accounts/change-role.ts'
import { withRuntime } from './runtime.ts'
import { CommandRefused, findPerson } from './staff.ts'

/**
 * Run by whoever operates the server (it needs the database's configuration, not a support
 * account: the first support staff member is made this way). The change is a RoleChanged event.
 */
export async function run(args: readonly string[], role: 'support' | 'user'): Promise<number> {
  const [email, ...extra] = args.filter((argument) => argument !== '--')
  if (!email || extra.length > 0 || email.startsWith('--')) throw new CommandRefused('Name one account by its e-mail.')
  return withRuntime(async (runtime) => {
    const userId = await findPerson(runtime, email)
    await changeRole(runtime, userId, role, 'grant-support')
    console.log(
      `${email} is now ${role === 'support' ? 'support staff' : 'a plain user'}. Access tokens naming the old role are refused from now on; the apps get a new one at their next token refresh.`,
    )
    return 0
  })
}
