import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { ContactKeyTables } from './tables.ts'
import { ensureKeyFor, keyFor, seal, unseal, type SealedText } from '#events/pii/pii-vault.ts'
import type { ContactEvent } from './contact-message.ts'

type Executor = Kysely<ContactKeyTables> | Transaction<ContactKeyTables>
type Received = Extract<ContactEvent, { type: 'ContactMessageReceived' }>['data']

/** The associated data a message-keyed value is bound to, so it cannot be moved to another message. */
const messageSubject = (messageId: string) => `contact-${messageId}`

export type ContactSealer = { sealedWith: Received['sealedWith']; seal: (plaintext: string) => SealedText }

/** Seals with the signed-in sender's own key, or with a new key for this message alone. */
export async function contactSealer(
  trx: Transaction<ContactKeyTables>,
  messageId: string,
  senderUserId: string | null,
): Promise<ContactSealer> {
  if (senderUserId) {
    const key = await ensureKeyFor(trx, senderUserId)
    return { sealedWith: 'user', seal: (plaintext) => seal(key, senderUserId, plaintext) }
  }
  const key = randomBytes(32)
  await trx.insertInto('contact_message_keys').values({ message_id: messageId, key, created_at: new Date() }).execute()
  return { sealedWith: 'message', seal: (plaintext) => seal(key, messageSubject(messageId), plaintext) }
}

export type OpenedContactMessage = {
  firstName: string
  lastName: string
  email: string
  subject: string
  message: string
}

/** The message as typed, or undefined once its key (or its sender's) has been erased. */
export async function openContactMessage(
  executor: Executor,
  data: Received,
): Promise<OpenedContactMessage | undefined> {
  const subject = data.sealedWith === 'user' && data.senderUserId ? data.senderUserId : messageSubject(data.messageId)
  const key =
    data.sealedWith === 'user' && data.senderUserId
      ? await keyFor(executor, data.senderUserId)
      : await messageKey(executor, data.messageId)
  if (!key) return undefined
  const open = (value: SealedText) => unseal(key, subject, value) ?? ''
  return {
    firstName: open(data.firstName),
    lastName: open(data.lastName),
    email: open(data.email),
    subject: open(data.subject),
    message: open(data.message),
  }
}

async function messageKey(executor: Executor, messageId: string): Promise<Buffer | undefined> {
  const row = await executor
    .selectFrom('contact_message_keys')
    .select('key')
    .where('message_id', '=', messageId)
    .executeTakeFirst()
  return row ? Buffer.from(row.key) : undefined
}

/** Crypto-shreds an anonymous sender's message: the event stays, its personal data becomes unreadable. */
export async function eraseContactMessageKey(trx: Transaction<ContactKeyTables>, messageId: string): Promise<void> {
  await trx.deleteFrom('contact_message_keys').where('message_id', '=', messageId).execute()
}
