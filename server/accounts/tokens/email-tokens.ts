import type { Kysely, Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts'

export type EmailTokenPurpose = 'confirm-email' | 'reset-password'

const emailTokenLifetimeMs: Record<EmailTokenPurpose, number> = {
  'confirm-email': 7 * 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
}

/** A single-use token for a link sent by e-mail; a new reset link voids the older ones. */
export async function createEmailToken(
  trx: Transaction<Database>,
  userId: string,
  purpose: EmailTokenPurpose,
  clock: Clock,
) {
  const now = clock.now()
  if (purpose === 'reset-password') {
    await trx
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute()
  }
  const { token, hash } = newOpaqueToken()
  await trx
    .insertInto('email_tokens')
    .values({
      token_hash: hash,
      user_id: userId,
      purpose,
      created_at: now,
      expires_at: new Date(now.getTime() + emailTokenLifetimeMs[purpose]),
      used_at: null,
    })
    .execute()
  return { token, hash }
}

export type ConsumedToken = { userId: string; alreadyUsed: boolean }

/** Marks the token used and answers whose it was; undefined when unknown or expired. */
export async function consumeEmailToken(
  trx: Transaction<Database>,
  token: string,
  purpose: EmailTokenPurpose,
  clock: Clock,
): Promise<ConsumedToken | undefined> {
  const now = clock.now()
  const hash = hashOpaqueToken(token)
  const fresh = await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst()
  if (fresh) return { userId: fresh.user_id, alreadyUsed: false }
  const used = await trx
    .selectFrom('email_tokens')
    .select('user_id')
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is not', null)
    .executeTakeFirst()
  return used ? { userId: used.user_id, alreadyUsed: true } : undefined
}

/** Whether the token would be accepted now (unknown, used and expired ones would not); uses nothing. */
export async function isEmailTokenUsable(
  db: Kysely<Database>,
  token: string,
  purpose: EmailTokenPurpose,
  clock: Clock,
): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .select('user_id')
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .executeTakeFirst()
  return row !== undefined
}
