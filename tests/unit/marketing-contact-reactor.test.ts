import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactSealer, eraseContactMessageKey } from '#events/contact/contact-keys.ts'
import { contactStreamId } from '#events/contact/contact-message.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { systemClock } from '#events/clock.ts'
import { contactMailReactor } from '#server/contact/contact-mail-reactor.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase('pglite')
}, 240_000)
afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await database?.drop()
})

async function receive(
  store: ReturnType<typeof createEventStore>,
  subject: string,
  options: { eraseFirst?: boolean } = {},
) {
  const messageId = randomUUID()
  await store.transaction(async (tx) => {
    const sealer = await contactSealer(tx.db, messageId, null)
    const seal = sealer.seal
    await tx.append(
      contactStreamId(messageId),
      'no_stream',
      [
        {
          type: 'ContactMessageReceived',
          data: {
            messageId,
            sealedWith: sealer.sealedWith,
            senderUserId: null,
            firstName: seal('Kiran'),
            lastName: seal('Shah'),
            email: seal('kiran@example.com'),
            subject: seal(subject),
            message: seal('Hello'),
            deliverTo: 'support@example.com',
          },
        },
      ],
      { actor: { type: 'anonymous' } },
    )
    if (options.eraseFirst) await eraseContactMessageKey(tx.db, messageId)
  })
  return messageId
}

const outboxSubjects = async () =>
  (await database.db.selectFrom('mail_outbox').select('subject').orderBy('created_at').execute()).map(
    (row) => row.subject,
  )

describe('contact mail reactor', () => {
  it('queues each message once, and a rebuild mails nobody again', { timeout: 60_000 }, async () => {
    const store = createEventStore({ db: database.db, registry: eventRegistry, clock: systemClock })
    const runner = new ProjectionRunner({ db: database.db, registry: eventRegistry, projections: [contactMailReactor] })
    await receive(store, 'First')
    await runner.catchUp(contactMailReactor.name)
    await runner.catchUp(contactMailReactor.name)
    expect(await outboxSubjects()).toEqual(['[Contact] First'])

    await runner.rebuild(contactMailReactor.name)
    await receive(store, 'Second')
    await runner.catchUp(contactMailReactor.name)
    expect(await outboxSubjects()).toEqual(['[Contact] First', '[Contact] Second'])
  })

  it('sends nothing for a message whose key was erased before it was mailed', { timeout: 60_000 }, async () => {
    const store = createEventStore({ db: database.db, registry: eventRegistry, clock: systemClock })
    const runner = new ProjectionRunner({ db: database.db, registry: eventRegistry, projections: [contactMailReactor] })
    const before = (await outboxSubjects()).length
    await receive(store, 'Erased', { eraseFirst: true })
    await runner.catchUp(contactMailReactor.name)
    expect((await outboxSubjects()).length).toBe(before)
  })
})
