/**
 * Personal data only where erasure reaches it: rate-limit buckets hold keyed hashes, sent mail
 * keeps no body (no live link), and the anonymous analytics sink is limited per address.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import * as personalData from '#migrations/0013-personal-data.ts'
import { accountLimits, rateLimitBucket, takeRateLimit } from '#server/accounts/rate-limiter.ts'
import { analyticsLimit, recordAnalyticsEvent } from '#server/analytics/record-event.ts'
import { createLogger } from '#server/logger.ts'
import { deliverDueMail, enqueueMail } from '#server/mail/mail-outbox.ts'
import type { Mailer, MailMessage } from '#server/mail/mailer.ts'
import { createRequestScope } from '#server/request-scope.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('personal data at rest', () => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    // The in-process poll must not deliver the test's mail with the real (dev) mailer.
    test.runtime.jobs.stop()
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    await (test as TestRuntime | undefined)?.close()
  })

  const buckets = async () =>
    (await test.runtime.db.selectFrom('rate_limits').select('bucket').execute()).map((row) => row.bucket)

  it('keeps no e-mail address or client address in a rate-limit bucket', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`
    await takeRateLimit(test.runtime, accountLimits.resetPerEmail, email)
    await takeRateLimit(test.runtime, accountLimits.resetPerAddress, '203.0.113.77')
    const stored = (await buckets()).join('\n')
    expect(stored).not.toContain(email)
    expect(stored).not.toContain(email.split('@')[0])
    expect(stored).not.toContain('203.0.113.77')
    expect(stored).toContain(await rateLimitBucket(test.runtime, accountLimits.resetPerEmail, email))
  })

  it('still counts one key in one bucket, and a different secret gives different buckets', async () => {
    const email = `count-${randomUUID().slice(0, 8)}@example.com`
    const limit = accountLimits.resetPerEmail
    for (let attempt = 0; attempt < limit.limit; attempt += 1) await takeRateLimit(test.runtime, limit, email)
    await expect(takeRateLimit(test.runtime, limit, email)).rejects.toBeInstanceOf(DomainError)
    const otherSecret = {
      ...test.runtime,
      config: {
        ...test.runtime.config,
        auth: { ...test.runtime.config.auth, jwtSecret: 'another-secret-of-at-least-32-characters' },
      },
    }
    expect(await rateLimitBucket(otherSecret, limit, email)).not.toBe(await rateLimitBucket(test.runtime, limit, email))
  })

  it('drops the body of a sent mail, live link and all, and keeps its envelope', async () => {
    const sent: MailMessage[] = []
    const mailer: Mailer = {
      name: 'test',
      send: (mail) => {
        sent.push(mail)
        return Promise.resolve()
      },
    }
    const to = `reset-${randomUUID().slice(0, 8)}@example.com`
    const link = `http://localhost:3000/reset-password#access_token=${randomUUID()}`
    await enqueueMail(
      test.runtime.db,
      {
        to,
        subject: 'Reset your password',
        text: `Reset: ${link}`,
        html: `<a href="${link}">Reset</a>`,
        dedupeKey: `k-${to}`,
      },
      test.clock,
    )
    await deliverDueMail({ db: test.runtime.db, mailer, clock: test.clock, log: createLogger('silent') })
    expect(sent.map((mail) => mail.text)).toEqual([`Reset: ${link}`])
    const row = await test.runtime.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'sent', subject: 'Reset your password', text_body: '', html_body: '' })
  })

  it('migrates old rows: raw rate-limit keys dropped, bodies of sent mail blanked, pending mail kept', async () => {
    const db = test.runtime.db
    await db
      .insertInto('rate_limits')
      .values({ bucket: 'reset:email:victim@example.com', window_start: new Date(), hits: 1 })
      .execute()
    const pendingTo = `pending-${randomUUID().slice(0, 8)}@example.com`
    const sentTo = `sent-${randomUUID().slice(0, 8)}@example.com`
    for (const [to, status] of [
      [pendingTo, 'pending'],
      [sentTo, 'sent'],
    ] as const)
      await db
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          dedupe_key: `m-${to}`,
          user_id: null,
          to_address: to,
          reply_to: null,
          subject: 'Confirm',
          text_body: 'token=secret',
          html_body: 'token=secret',
          status,
          attempts: 0,
          next_attempt_at: new Date(),
          created_at: new Date(),
          sent_at: null,
          delivered_by: null,
        })
        .execute()
    await personalData.up(db)
    expect((await buckets()).filter((bucket) => bucket.includes('@'))).toEqual([])
    const bodies = await db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body'])
      .where('to_address', 'in', [pendingTo, sentTo])
      .execute()
    expect(Object.fromEntries(bodies.map((row) => [row.to_address, row.text_body]))).toEqual({
      [pendingTo]: 'token=secret',
      [sentTo]: '',
    })
  })

  it('limits the anonymous analytics sink per client address, not for everyone', async () => {
    const scopeFrom = (clientIp: string) =>
      createRequestScope({ runtime: test.runtime, requestId: randomUUID(), clientIp })
    const flooding = scopeFrom('198.51.100.7')
    const event = { name: 'page_view', category: 'Navigation', params: {} } as const
    for (let index = 0; index < analyticsLimit.limit; index += 1) await recordAnalyticsEvent(flooding, event)
    await expect(recordAnalyticsEvent(flooding, event)).rejects.toMatchObject({ code: 'rate-limited' })
    await expect(recordAnalyticsEvent(scopeFrom('198.51.100.8'), event)).resolves.toBeUndefined()
    test.clock.advance(analyticsLimit.windowMs)
    await expect(recordAnalyticsEvent(flooding, event)).resolves.toBeUndefined()
  })
})
