import { DomainError } from '#events/domain-error.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { actingAs, type RequestScope } from '#server/request-scope.ts'
import { consumeEmailToken } from './tokens/email-tokens.ts'

export const confirmationFailed = 'Email confirmation failed. Please try again or contact support.'

/** Confirms the address behind a mailed link. Opening the link twice is fine. */
export async function confirmEmail(scope: RequestScope, token: string) {
  const { runtime } = scope
  await commandUnit(runtime.store, async (tx) => {
    const consumed = await consumeEmailToken(tx.db, token, 'confirm-email', runtime.clock)
    if (!consumed) throw new DomainError('invalid-link', confirmationFailed)
    // The mailed link proves who opens it.
    const person = actingAs(scope, consumed.userId)
    await userCommands.handle(tx, consumed.userId, { type: 'ConfirmEmail' }, person.metadata())
  })
  return { confirmed: true as const }
}
