/**
 * Mail waiting in the outbox holds no live link in clear, and an erased person leaves nothing in
 * it: not their own mail, not the contact mail they sent with their address to reply to.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestPasswordReset } from '#server/accounts/password-reset.ts'
import { deleteAccount } from '#server/accounts/profile.ts'
import { registerWithPassword } from '#server/accounts/register.ts'
import { contactMailReactorName } from '#server/contact/contact-mail-reactor.ts'
import { sendContactMessage } from '#server/contact/send-contact-message.ts'
import { createLogger } from '#server/logger.ts'
import { deliverDueMail } from '#server/mail/mail-outbox.ts'
import type { Mailer, MailMessage } from '#server/mail/mailer.ts'
import { actingAs, createRequestScope } from '#server/request-scope.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('personal data in the mail outbox on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
    // The mail server is unreachable: nothing is delivered unless a test delivers it.
    test.runtime.jobs.stop()
    test.runtime.jobs.wake = () => undefined
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    await test.runtime.jobs.settled()
  })

  const request = () => ({ runtime: test.runtime, requestId: randomUUID(), clientIp: randomUUID() })
  const outbox = () => test.runtime.db.selectFrom('mail_outbox').selectAll().execute()
  const capture = () => {
    const sent: MailMessage[] = []
    const mailer: Mailer = {
      name: 'test',
      send: (mail) => {
        sent.push(mail)
        return Promise.resolve()
      },
    }
    const deliver = () =>
      deliverDueMail({ db: test.runtime.db, mailer, clock: test.clock, log: createLogger('silent') })
    return { sent, deliver }
  }
  const person = async () => {
    const email = `person-${randomUUID().slice(0, 8)}@example.com`
    const { user } = await registerWithPassword(createRequestScope(request()), {
      email,
      password: 'Passw0rd!xyz',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    return { email, userId: user.id }
  }

  it('keeps waiting confirmation and reset links sealed, and sends them as written', async () => {
    const { email } = await person()
    await requestPasswordReset(createRequestScope(request()), { email }, { sendMail: true })
    const waiting = JSON.stringify(await outbox())
    expect(waiting).not.toContain('email-confirmed?token=')
    expect(waiting).not.toContain('access_token=')
    expect(waiting).not.toContain('Reset your Interview Helper password')

    const { sent, deliver } = capture()
    await deliver()
    expect(sent.filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual([
      'Confirm your email for Interview Helper',
      'Reset your Interview Helper password',
    ])
    expect(sent.find((mail) => mail.text.includes('access_token='))?.html).toContain('access_token=')
  })

  it('forgets the erased person: their own mail and the contact mail they sent, sent or waiting', async () => {
    const { email, userId } = await person()
    const subject = `Billing question ${randomUUID().slice(0, 8)}`
    const contact = { firstName: 'Ada', lastName: 'Lovelace', email, subject, message: 'Is GST included?' }
    await sendContactMessage(createRequestScope(request()), contact)
    await sendContactMessage(actingAs(request(), userId), { ...contact, subject: `${subject} (signed in)` })
    await logReadableToItsEnd(test.runtime.db)
    await test.runtime.projections.catchUp(contactMailReactorName)
    await capture().deliver()
    await sendContactMessage(createRequestScope(request()), { ...contact, subject: `${subject} (waiting)` })
    await logReadableToItsEnd(test.runtime.db)
    await test.runtime.projections.catchUp(contactMailReactorName)
    const before = JSON.stringify(await outbox())
    expect(before).toContain(email)
    expect(before).toContain(subject)

    await deleteAccount(actingAs(request(), userId))
    // The farewell waits with the address it goes to, and is forgotten, envelope and all, once sent.
    const waiting = (await outbox()).filter((row) => row.to_address === email)
    expect(waiting.map((row) => row.dedupe_key)).toEqual([`account-deleted:${userId}`])
    await capture().deliver()
    const after = JSON.stringify(await outbox())
    expect(after).not.toContain(email)
    expect(after).not.toContain(subject)
    expect((await outbox()).filter((row) => row.user_id === userId)).toEqual([])
  })
})
