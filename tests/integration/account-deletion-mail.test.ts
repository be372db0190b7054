/**
 * Deleting an account says goodbye to the address it had: the last mail, naming a paid plan that
 * ended with it and that its unused part is not refunded.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { deleteAccount } from '#server/accounts/profile.ts'
import { deliverDueMail } from '#server/mail/mail-outbox.ts'
import { actingAs } from '#server/request-scope.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('the account-deleted mail', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
    test.runtime.jobs.stop()
    test.runtime.jobs.wake = () => undefined
  })

  async function deletedMail(planType: 'pro' | null) {
    const registered = await registerDirectly({ store: test.runtime.store }, 'Menon', test.clock)
    const userId = registered.metadata.userId ?? ''
    if (planType) await grantPlan(test.runtime, userId, planType)
    const scope = actingAs(
      { runtime: test.runtime, requestId: randomUUID(), clientIp: '10.0.0.1', siteUrl: 'http://192.168.1.20:4123' },
      userId,
    )
    await deleteAccount(scope)
    await deliverDueMail({ db: test.runtime.db, mailer: test.runtime.mailer, clock: test.clock, log: test.runtime.log })
    const mail = await test.runtime.db
      .selectFrom('dev_mailbox')
      .selectAll()
      .where('to_address', '=', `${userId}@example.test`)
      .executeTakeFirstOrThrow()
    const outbox = await test.runtime.db
      .selectFrom('mail_outbox')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute()
    return { mail, outbox }
  }

  it('tells a Pro customer the plan ended with the account, with no refund, and ties no row to them', async () => {
    const { mail, outbox } = await deletedMail('pro')
    expect(mail.subject).toBe('Your Interview Helper account is deleted')
    expect(mail.text_body).toContain('As you asked, we deleted your Interview Helper account')
    expect(mail.text_body).toContain(
      'Your Pro plan ended with the account. The unused part of its period is not refunded, as our Cancellation and Refund Policy says.',
    )
    expect(mail.text_body).toContain('Contact us: http://192.168.1.20:4123/contact')
    expect(outbox).toEqual([])
  })

  it('says nothing about a plan to a person without one', async () => {
    const { mail } = await deletedMail(null)
    expect(mail.text_body).not.toContain('plan')
  })
})
