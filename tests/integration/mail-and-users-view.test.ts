import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { ensureKeyFor, eraseKeyFor, seal } from '#events/pii/pii-vault.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { usersViewProjection } from '#events/projections/users-view.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { userStreamId } from '#events/users/user.ts'
import { accountLimits, takeRateLimit } from '#server/accounts/rate-limiter.ts'
import { fixedClock } from '#events/clock.ts'
import { createLogger } from '#server/logger.ts'
import { deliverDueMail, enqueueMail, retryDelaysMs } from '#server/mail/mail-outbox.ts'
import type { Mailer, MailMessage } from '#server/mail/mailer.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'

const silent = createLogger('silent')

const rateLimitConfig = { auth: { jwtSecret: 'a-test-secret-of-at-least-32-characters' }, database: { dataDir: '.' } }

describe.each(databaseKinds)('mail outbox, users view and rate limits on %s', (kind) => {
  let database: TestDatabase
  const clock = fixedClock('2026-11-21T10:00:00Z')
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
  })

  const message = (to: string): MailMessage => ({ to, subject: 'Hello', text: 'Body', html: '<p>Body</p>' })

  it('queues a message once per dedupe key and delivers it', async () => {
    const sent: MailMessage[] = []
    const mailer: Mailer = {
      name: 'test',
      send: (mail) => {
        sent.push(mail)
        return Promise.resolve()
      },
    }
    const to = `${randomUUID()}@example.com`
    await enqueueMail(database.db, { ...message(to), dedupeKey: `k-${to}` }, clock)
    await enqueueMail(database.db, { ...message(to), dedupeKey: `k-${to}` }, clock)
    expect(await deliverDueMail({ db: database.db, mailer, clock, log: silent })).toMatchObject({ sent: 1 })
    expect(sent.map((mail) => mail.to)).toEqual([to])
    expect(await deliverDueMail({ db: database.db, mailer, clock, log: silent })).toMatchObject({ sent: 0 })
  })

  it('keeps a message through an outage, retries it later, and gives up after the last retry', async () => {
    let down = true
    const sent: string[] = []
    const mailer: Mailer = {
      name: 'flaky',
      send: (mail) => {
        if (down) return Promise.reject(new Error('SMTP unreachable'))
        sent.push(mail.to)
        return Promise.resolve()
      },
    }
    const to = `${randomUUID()}@example.com`
    await enqueueMail(database.db, { ...message(to), dedupeKey: `retry-${to}` }, clock)
    expect(await deliverDueMail({ db: database.db, mailer, clock, log: silent })).toMatchObject({ retried: 1 })
    expect(await deliverDueMail({ db: database.db, mailer, clock, log: silent })).toMatchObject({ retried: 0, sent: 0 })
    clock.advance(retryDelaysMs[0])
    down = false
    expect(await deliverDueMail({ db: database.db, mailer, clock, log: silent })).toMatchObject({ sent: 1 })
    expect(sent).toEqual([to])

    down = true
    const doomed = `${randomUUID()}@example.com`
    await enqueueMail(database.db, { ...message(doomed), dedupeKey: `doomed-${doomed}` }, clock)
    for (const delay of [...retryDelaysMs, 0]) {
      await deliverDueMail({ db: database.db, mailer, clock, log: silent })
      clock.advance(delay)
    }
    const row = await database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('to_address', '=', doomed)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'failed', attempts: retryDelaysMs.length + 1, last_error: 'SMTP unreachable' })
  })

  it('projects people into the users view with their data unsealed, and forgets it once the key is erased', async () => {
    const store = createEventStore({ db: database.db, registry: eventRegistry, clock })
    const runner = new ProjectionRunner({
      db: database.db,
      registry: eventRegistry,
      projections: [usersViewProjection],
    })
    const userId = randomUUID()
    await store.transaction(async (tx) => {
      const key = await ensureKeyFor(tx.db, userId)
      await tx.append(
        userStreamId(userId),
        'no_stream',
        [
          {
            type: 'UserRegistered',
            data: {
              userId,
              email: seal(key, userId, 'ada@example.com'),
              firstName: seal(key, userId, 'Ada'),
              lastName: seal(key, userId, 'Lovelace'),
              avatarUrl: null,
              provider: 'password',
              providerUserId: null,
              emailConfirmed: false,
              role: 'user',
            },
          },
          { type: 'EmailConfirmed', data: {} },
          { type: 'UserSignedIn', data: { method: 'password' } },
        ],
        { actor: { type: 'user', id: userId }, userId },
      )
    })
    // Another test file's transaction, in any database of the server, holds the commit-order reader back.
    await logReadableToItsEnd(database.db)
    await runner.catchUp('users_view')
    const row = await database.db
      .selectFrom('users_view')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      status: 'active',
      sign_in_count: 1,
      providers: 'password',
    })
    expect(row.email_confirmed_at).not.toBeNull()

    await database.db.transaction().execute((trx) => eraseKeyFor(trx, userId))
    await runner.rebuildUser(userId)
    const forgotten = await database.db
      .selectFrom('users_view')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(forgotten).toMatchObject({
      email: null,
      first_name: null,
      last_name: null,
      status: 'erased',
      sign_in_count: 1,
    })
  })

  it('counts attempts in fixed windows and refuses past the limit', async () => {
    const key = randomUUID()
    const limit = accountLimits.resetPerEmail
    const store = { db: database.db, clock, config: rateLimitConfig }
    for (let attempt = 0; attempt < limit.limit; attempt += 1) await takeRateLimit(store, limit, key)
    await expect(takeRateLimit(store, limit, key)).rejects.toBeInstanceOf(DomainError)
    clock.advance(limit.windowMs)
    await expect(takeRateLimit(store, limit, key)).resolves.toBeUndefined()
  })
})
