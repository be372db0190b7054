/**
 * Sign-up tells no one which addresses have accounts: a taken address gets the answer a new one
 * gets, and only the owner learns, by mail, that the address is already registered.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '#server/accounts/register.ts'
import { deliverDueMail } from '#server/mail/mail-outbox.ts'
import { openMailOf } from '#server/mail/sealed-mail.ts'
import { createRequestScope } from '#server/request-scope.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('signing up with an address that already has an account', () => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    test.runtime.jobs.stop()
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    await (test as TestRuntime | undefined)?.close()
  })

  const scope = () => createRequestScope({ runtime: test.runtime, requestId: randomUUID(), clientIp: randomUUID() })
  const count = async (table: 'events' | 'user_emails' | 'user_credentials') =>
    Number(
      (
        await test.runtime.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  /** The outbox's mail to `email`, opened as the deliverer opens it (it waits sealed for its person). */
  const mailsTo = async (email: string) => {
    const rows = await test.runtime.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'html_body', 'reply_to', 'user_id'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .execute()
    return Promise.all(
      rows.map(async (row) => ({
        user_id: row.user_id,
        subject: (
          await openMailOf(test.runtime.db, row.user_id, {
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            replyTo: row.reply_to,
          })
        )?.subject,
      })),
    )
  }

  it('answers like a new sign-up, writes no account, and mails the owner once an hour', async () => {
    const email = `taken-${randomUUID().slice(0, 8)}@example.com`
    const person = { email, password: 'Passw0rd!xyz', firstName: 'Ada', lastName: 'Lovelace' }
    const first = await registerWithPassword(scope(), person)
    const before = {
      events: await count('events'),
      emails: await count('user_emails'),
      credentials: await count('user_credentials'),
    }

    const second = await registerWithPassword(scope(), { ...person, email: email.toUpperCase(), firstName: 'Eve' })
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort())
    expect(Object.keys(second.user).sort()).toEqual(Object.keys(first.user).sort())
    expect(second).toMatchObject({
      tokens: null,
      needsConfirmation: true,
      message: first.message,
      user: { email, firstName: 'Eve', emailConfirmed: false },
    })
    expect(second.user.id).not.toBe(first.user.id)
    expect({
      events: await count('events'),
      emails: await count('user_emails'),
      credentials: await count('user_credentials'),
    }).toEqual(before)

    await registerWithPassword(scope(), person)
    const mails = await mailsTo(email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your email for Interview Helper',
      'Someone tried to sign up with your email',
    ])
    expect(mails[1]?.user_id).toBe(first.user.id)
    // Delivered (and so gone from the outbox) to the development mailbox.
    const { runtime } = test
    await deliverDueMail({ db: runtime.db, mailer: runtime.mailer, clock: runtime.clock, log: runtime.log })
    const delivered = await runtime.db
      .selectFrom('dev_mailbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('subject', '=', 'Someone tried to sign up with your email')
      .executeTakeFirstOrThrow()
    expect(delivered.text_body).toContain('This email is already registered.')
    expect(delivered.text_body).toContain('Hi Ada,')

    test.clock.advance(60 * 60_000)
    await registerWithPassword(scope(), person)
    expect(await mailsTo(email)).toHaveLength(3)
  })
})
