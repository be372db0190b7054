import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { z } from 'zod'
import { DomainError } from '#events/domain-error.ts'
import { erasedAccountMessage } from '#events/users/owner.ts'
import type { PiiTables } from './tables.ts'

type Executor = Kysely<PiiTables> | Transaction<PiiTables>

/**
 * Personal data inside events is sealed with a key of its own per person (crypto-shredding):
 * deleting the key makes every copy of that person's data in the log unreadable, while the
 * events themselves, and the counts built from them, stay. The user id is bound in as associated
 * data, so a sealed value cannot be moved to another person's event.
 */
const prefix = 'pii:v1:'
export const sealedText = z.string().startsWith(prefix, 'must be sealed personal data')
export type SealedText = z.infer<typeof sealedText>

export async function keyFor(executor: Executor, userId: string): Promise<Buffer | undefined> {
  const row = await executor.selectFrom('user_data_keys').select('key').where('user_id', '=', userId).executeTakeFirst()
  return row?.key ? Buffer.from(row.key) : undefined
}

/** The keys of these people in one read; an erased person (or one without a key yet) has none. */
export async function keysFor(executor: Executor, userIds: readonly string[]): Promise<Map<string, Buffer>> {
  if (userIds.length === 0) return new Map()
  const rows = await executor
    .selectFrom('user_data_keys')
    .select(['user_id', 'key'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute()
  const keys = new Map<string, Buffer>()
  for (const row of rows) if (row.key) keys.set(row.user_id, Buffer.from(row.key))
  return keys
}

/**
 * The person's key, created on first use, in one statement: the insert's `returning` answers a new
 * key, the select an existing one (the statement's snapshot does not see its own insert, so one row
 * comes back). Only when a concurrent first use committed the key after that snapshot does it come
 * back empty, and a second read (a fresh snapshot) finds it. An erased person's row stays without a
 * key, so this refuses instead of starting a new key that would make their data readable again.
 */
export async function ensureKeyFor(trx: Executor, userId: string): Promise<Buffer> {
  const { rows } = await sql<{ key: Buffer | null }>`
    with inserted as (
      insert into user_data_keys (user_id, key, created_at, erased_at)
      values (${userId}, ${randomBytes(32)}, ${new Date()}, null)
      on conflict (user_id) do nothing
      returning key
    )
    select key from inserted
    union all
    select key from user_data_keys where user_id = ${userId}
  `.execute(trx)
  const key = rows.length > 0 ? (rows[0]?.key ?? undefined) : await keyFor(trx, userId)
  if (!key) throw new DomainError('erased', erasedAccountMessage)
  return Buffer.from(key)
}

export function seal(key: Buffer, userId: string, plaintext: string): SealedText {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(userId))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${prefix}${[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')}`
}

/** The plaintext, or undefined once the person's key has been erased. */
export function unseal(key: Buffer | undefined, userId: string, sealed: string): string | undefined {
  if (!key) return undefined
  const [iv, tag, body] = sealed
    .slice(prefix.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !body) throw new Error('Malformed sealed value')
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(userId))
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
}

/** Shreds the person's key for good: the row stays, keyless, as the mark that they were erased. */
export async function eraseKeyFor(trx: Transaction<PiiTables>, userId: string): Promise<void> {
  const now = new Date()
  await trx
    .insertInto('user_data_keys')
    .values({ user_id: userId, key: null, created_at: now, erased_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ key: null, erased_at: now }))
    .execute()
}
