import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import type { Runtime } from '#server/runtime.types.ts'
import type { UserRole } from './tokens/access-tokens.ts'
import { changeSessionRoles } from './tokens/auth-sessions.ts'

/**
 * Makes the person support staff or a plain user again. Their live sessions take the new role in
 * the same unit of work, so access tokens naming the old role are refused from the next request;
 * a token refresh gives one naming the new role.
 */
export async function changeRole(runtime: Runtime, userId: string, role: UserRole, by: string) {
  await commandUnit(runtime.store, async (tx) => {
    await userCommands.handle(tx, userId, { type: 'ChangeRole', role }, { actor: { type: 'system', id: by }, userId })
    await changeSessionRoles(tx.db, userId, role)
  })
}
