/**
 * Sign-up tells no one which addresses have accounts: a taken address gets the answer a new one
 * gets, and only the owner learns, by mail, that the address is already registered.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmEmail } from '#server/accounts/email-confirmation.ts'
import { registerWithPassword } from '#server/accounts/register.ts'
import { resendConfirmation } from '#server/accounts/resend-confirmation.ts'
import { DomainError } from '#events/domain-error.ts'
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
      rows.map(async (row) => {
        const opened = await openMailOf(test.runtime.db, row.user_id, {
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          replyTo: row.reply_to,
        })
        return { user_id: row.user_id, subject: opened?.subject }
      }),
    )
  }

  /** Delivers what is due, and reads the delivered mail to `email` (the outbox forgets a body once sent). */
  const deliveredTo = async (email: string) => {
    const { runtime } = test
    // A sign-up wakes the mail job (stopping the scheduler stops only its timer): let a delivery it
    // claimed finish first, then deliver what is still due.
    await runtime.jobs.settled()
    await deliverDueMail({ db: runtime.db, mailer: runtime.mailer, clock: runtime.clock, log: runtime.log })
    return runtime.db
      .selectFrom('dev_mailbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .execute()
  }

  /** The token of the newest confirmation link mailed to `email`. */
  const confirmationToken = async (email: string) => {
    const link = (await deliveredTo(email)).findLast((mail) => mail.text_body.includes('/email-confirmed?token='))
    const token = /token=([^\s&]+)/.exec(link?.text_body ?? '')?.[1]
    if (!token) throw new Error(`no confirmation link mailed to ${email}`)
    return decodeURIComponent(token)
  }

  it('answers like a new sign-up, writes no account, and mails the confirmed owner once an hour', async () => {
    const email = `taken-${randomUUID().slice(0, 8)}@example.com`
    const person = { email, password: 'Passw0rd!xyz', firstName: 'Ada', lastName: 'Lovelace' }
    const first = await registerWithPassword(scope(), person)
    await confirmEmail(scope(), await confirmationToken(email))
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
    // A sign-up wakes the mail job (stopping the scheduler stops only its timer): let a delivery it
    // claimed finish first, then deliver what is still due.
    await runtime.jobs.settled()
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
  it('before the address is confirmed, mails a new confirmation link instead, at most one a minute with the resend', async () => {
    const email = `pending-${randomUUID().slice(0, 8)}@example.com`
    const person = { email, password: 'Passw0rd!xyz', firstName: 'Ada', lastName: 'Lovelace' }
    const first = await registerWithPassword(scope(), person)
    const firstToken = await confirmationToken(email)

    const again = await registerWithPassword(scope(), { ...person, password: 'Other0ne!xyz' })
    expect(again).toMatchObject({ needsConfirmation: true, message: first.message, tokens: null })
    const mails = await mailsTo(email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your email for Interview Helper',
      'Confirm your email for Interview Helper',
    ])
    const second = (await deliveredTo(email))[1]?.text_body ?? ''
    expect(second).toContain('This address already has an Interview Helper account waiting for confirmation.')
    expect(second).toContain('sign in with the password you chose when you first signed up')
    expect(second).not.toContain('already registered')
    expect(await confirmationToken(email)).not.toBe(firstToken)

    // Within a minute, neither a third sign-up nor the resend button mails again; the resend says why.
    await registerWithPassword(scope(), person)
    const refusal = await resendConfirmation(scope(), { email }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(DomainError)
    expect(refusal).toMatchObject({
      code: 'rate-limited',
      message:
        'We sent a link less than a minute ago. Please check your inbox and spam folder, or ask again in a minute.',
    })
    expect(await mailsTo(email)).toHaveLength(2)

    test.clock.advance(61_000)
    await resendConfirmation(scope(), { email })
    expect(await mailsTo(email)).toHaveLength(3)
    // The same minute's wait for an address nobody has: the answer tells no one which addresses have accounts.
    const nobody = `nobody-${randomUUID().slice(0, 8)}@example.com`
    await resendConfirmation(scope(), { email: nobody })
    await expect(resendConfirmation(scope(), { email: nobody })).rejects.toMatchObject({ code: 'rate-limited' })
  })
})
