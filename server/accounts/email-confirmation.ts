import { DomainError } from '#events/domain-error.ts'
import { metadataFor, type AccountContext } from './account-context.ts'
import { consumeEmailToken } from './email-tokens.ts'
import { handleUserCommand } from './user-account.ts'

export const confirmationFailed = 'Email confirmation failed. Please try again or contact support.'

/** Confirms the address behind a mailed link. Opening the link twice is fine. */
export async function confirmEmail(context: AccountContext, token: string) {
  const { runtime } = context
  await runtime.store.transaction(async (tx) => {
    const consumed = await consumeEmailToken(tx.db, token, 'confirm-email', runtime.clock)
    if (!consumed) throw new DomainError('invalid-link', confirmationFailed)
    await handleUserCommand(
      tx,
      runtime.store,
      consumed.userId,
      { type: 'ConfirmEmail' },
      metadataFor(context, consumed.userId),
    )
  })
  return { confirmed: true as const }
}
