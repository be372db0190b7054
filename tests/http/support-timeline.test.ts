/**
 * The support timeline over the REST bridge, on a server of its own on PostgreSQL: one scripted
 * customer life, read back as support staff would read it for a ticket. The walls come first:
 * nobody and ordinary users are refused every timeline procedure, and a refusal writes nothing.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#app.config.ts'
import { changeRole } from '#server/accounts/change-role.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { CommandRefused } from '#scripts/support/staff.ts'
import { showTimeline } from '#scripts/support/timeline.ts'
import type { TestDatabase } from '#tests/support/databases.ts'
import { dataOf, errorOf, restClient } from '#tests/support/rest-client.ts'
import type { RunningServer } from '#tests/support/server.ts'
import { scriptedLife } from '#tests/support/scripted-life.ts'
import { serveOnFreshPostgres } from '#tests/support/servers-on-postgres.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

type TimelineEvent = {
  eventId: string
  cursor: string
  type: string
  streamId: string
  streamType: string
  actor: { type: string; id: string | null }
  requestId: string | null
  correlationId: string | null
  causationId: string | null
  data: Record<string, unknown>
  masked: string[]
}
type Timeline = { userId: string; erasedAt: string | null; events: TimelineEvent[]; nextCursor: string | null }
type AuditEntry = {
  action: string
  staffId: string
  userId: string
  via: string
  reason: string | null
  field: unknown
}

const password = 'Passw0rdX'
let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>
let life: Awaited<ReturnType<typeof scriptedLife>>
let staffToken: string
let staffId: string
let staffEmail: string
let ordinaryToken: string
/** The command line's own runtime on the server's database, as `npm run support` opens one. */
let shell: Runtime

const teardown = suiteTeardown()

beforeAll(async () => {
  ;({ database, server } = await serveOnFreshPostgres(teardown))
  api = restClient(server.url)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'support-shell-'))
  teardown.add(() => rm(dataDir, { recursive: true, force: true }))
  shell = await createRuntime({
    config: loadConfig({ DATABASE_URL: database.url ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  })
  teardown.add(() => shell.close())
  life = await scriptedLife(server, database)
  staffEmail = `staff-${randomUUID().slice(0, 8)}@example.com`
  await signedUpUserToken(api, database, { password, email: staffEmail })
  const staffAccount = await database.db
    .selectFrom('user_emails')
    .select('user_id')
    .where('email', '=', staffEmail)
    .executeTakeFirstOrThrow()
  await changeRole(shell, staffAccount.user_id, 'support', 'grant-support')
  const staff = dataOf<{ user: { id: string }; tokens: { accessToken: string } }>(
    await api('POST', '/auth/login', { body: { email: staffEmail, password } }),
  )
  staffToken = staff.tokens.accessToken
  staffId = staff.user.id
  ordinaryToken = await signedUpUserToken(api, database, { password })
}, 120_000)

/** `npm run support -- timeline …args` on the shell's runtime: its exit code, what it printed and what it refused. */
async function supportCli(args: string[]) {
  const stdout: string[] = []
  try {
    await showTimeline(shell, args, (line) => stdout.push(line))
    return { code: 0, stdout: stdout.join('\n'), stderr: '' }
  } catch (error) {
    if (!(error instanceof CommandRefused)) throw error
    return { code: error.exitCode, stdout: stdout.join('\n'), stderr: error.message }
  }
}

/** Every page of the timeline, `limit` events at a time. */
async function wholeTimeline(query: string, limit = 7): Promise<Timeline & { pages: number }> {
  const events: TimelineEvent[] = []
  let after: string | null = null
  let pages = 0
  let first: Timeline | undefined
  do {
    const cursor: string = after ? `&after=${after}` : ''
    const page: Timeline = dataOf<Timeline>(
      await api('GET', `/support/users/${life.userId}/timeline?limit=${limit}${query}${cursor}`, { token: staffToken }),
    )
    first ??= page
    events.push(...page.events)
    after = page.nextCursor
    pages += 1
  } while (after)
  return { ...first, events, nextCursor: null, pages }
}

const eventCount = async () =>
  Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(database.db)).rows[0]?.n)

describe('who may read a timeline', () => {
  it('refuses nobody (401) and ordinary users (403) on every timeline procedure, writing nothing', async () => {
    const eventId = life.moments[0]?.lastEventId ?? ''
    const calls: [string, string, unknown][] = [
      ['GET', `/support/users/${life.userId}/timeline`, undefined],
      ['POST', `/support/users/${life.userId}/reveal`, { eventId, field: 'email', reason: 'ticket 1' }],
      ['GET', '/support/audit', undefined],
      ['GET', `/support/users/${life.userId}/as-of/${eventId}`, undefined],
    ]
    const before = await eventCount()
    for (const [method, path, body] of calls) {
      const refused = await api(method, path, { token: ordinaryToken, body })
      expect([path, refused.status]).toEqual([path, 403])
      expect(errorOf(refused)).toBe('This action is for support staff only')
      // The person asking about themselves is no exception.
      expect((await api(method, path, { token: life.token, body })).status).toBe(403)
      expect((await api(method, path, { body })).status).toBe(401)
    }
    expect(await eventCount()).toBe(before)
  })

  it('refuses the command line without a support staff identity', async () => {
    const before = await eventCount()
    await expect(supportCli([life.email])).resolves.toEqual({
      code: 3,
      stdout: '',
      stderr: 'Name the support staff member the command acts as: --as staff@example.com',
    })
    await expect(supportCli([life.email, '--as', life.email])).resolves.toEqual({
      code: 3,
      stdout: '',
      stderr: `${life.email} is not support staff: this command is for support staff only.`,
    })
    await expect(supportCli([life.email, '--as', 'nobody@example.com'])).resolves.toEqual({
      code: 3,
      stdout: '',
      stderr: 'nobody@example.com is not support staff: this command is for support staff only.',
    })
    expect(await eventCount()).toBe(before)
  })
})

describe("a customer's timeline", () => {
  it('holds every event of every stream once, in commit order, with actor, request and correlation, data masked', async () => {
    const timeline = await wholeTimeline('')
    expect(timeline.pages).toBeGreaterThan(2)
    const stored = await database.db
      .selectFrom('events')
      .select(['event_id', 'stream_id'])
      .where('user_id', '=', life.userId)
      .where('type', 'not in', ['SupportHistoryOpened', 'SupportFieldRevealed'])
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .execute()
    const lifeEvents = timeline.events.filter((event) => event.streamType !== 'support_audit')
    expect(lifeEvents.map((event) => event.eventId)).toEqual(stored.map((row) => row.event_id))
    expect(new Set(lifeEvents.map((event) => event.streamType))).toEqual(
      new Set(['user', 'order', 'subscription', 'invoice', 'interview', 'contact']),
    )
    for (const event of lifeEvents) expect([event.type, event.correlationId]).toEqual([event.type, expect.any(String)])
    const byType = (type: string) => lifeEvents.filter((event) => event.type === type)
    expect(byType('UserRegistered')[0]?.actor).toEqual({ type: 'anonymous', id: null })
    expect(byType('OrderCreated')[0]?.actor).toEqual({ type: 'user', id: life.userId })
    expect(byType('OrderCreated')[0]?.requestId).toEqual(expect.any(String))
    expect(byType('PaymentFailed')[0]?.actor).toEqual({ type: 'webhook', id: life.failureEventId })
    expect(byType('PaymentVerified')).toHaveLength(1)
    expect(byType('PaymentVerified')[0]?.actor).toEqual({ type: 'webhook', id: life.captureEventId })
    expect(byType('PaymentVerified')[0]?.causationId).toBe(life.captureEventId)
    expect(byType('InterviewAsked')).toHaveLength(2)

    const text = JSON.stringify(timeline)
    expect(text).not.toContain('pii:v1:')
    expect(text).not.toContain(life.email)
    expect(text).not.toContain('Verma')
    expect(text).not.toContain('hash map')
    expect(byType('UserRegistered')[0]?.masked).toEqual(['email', 'firstName', 'lastName'])
    expect(byType('ContactMessageReceived')[0]?.masked).toEqual([
      'firstName',
      'lastName',
      'email',
      'subject',
      'message',
    ])
    expect(byType('InterviewSessionStarted')[0]?.masked).toContain('context')
  })

  it("follows the payment's correlation id to exactly the order, its payments and the period they started", async () => {
    const verified = (await wholeTimeline('&types=PaymentVerified')).events[0]
    expect(verified?.correlationId).toEqual(expect.any(String))
    const process = await wholeTimeline(`&correlationId=${verified?.correlationId ?? ''}`)
    expect(process.events.map((event) => event.type)).toEqual([
      'OrderCreated',
      'PaymentFailed',
      'PaymentVerified',
      'SubscriptionActivated',
      'InvoiceIssued',
    ])
    expect(process.events.map((event) => event.streamId)).toEqual([
      `order-${life.orderId}`,
      `order-${life.orderId}`,
      `order-${life.orderId}`,
      `subscription-${life.userId}`,
      expect.stringMatching(/^invoice-/),
    ])
  })

  it('filters by type, stream and time range', async () => {
    const orders = await wholeTimeline('&streams=order')
    expect(new Set(orders.events.map((event) => event.streamId))).toEqual(new Set([`order-${life.orderId}`]))
    const questions = await wholeTimeline('&types=InterviewAsked&types=InterviewSessionEnded')
    expect(questions.events.map((event) => event.type)).toEqual([
      'InterviewAsked',
      'InterviewAsked',
      'InterviewSessionEnded',
    ])
    const future = await wholeTimeline(`&from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)
    expect(future.events).toEqual([])
    const bad = await api('GET', `/support/users/${life.userId}/timeline?after=nonsense`, { token: staffToken })
    expect(bad.status).toBe(400)
  })

  it('travels to each recorded moment and finds what the live views held then', async () => {
    expect(life.moments.length).toBeGreaterThan(5)
    for (const moment of life.moments) {
      const travelled = dataOf(
        await api('GET', `/support/users/${life.userId}/as-of/${moment.lastEventId}`, { token: staffToken }),
      )
      expect([
        moment.step,
        {
          subscription: travelled.subscription,
          usage: travelled.usage,
          orders: travelled.orders,
          interviewReviews: travelled.interviewReviews,
        },
      ]).toEqual([moment.step, moment.views])
    }
    const declined = life.moments.find((moment) => moment.step === 'payment declined')
    const stepped = dataOf<{ previousEventId: string | null; nextEventId: string | null; subscription: unknown }>(
      await api('GET', `/support/users/${life.userId}/as-of/${declined?.lastEventId ?? ''}`, { token: staffToken }),
    )
    expect(stepped.subscription).toBeNull()
    expect(stepped.previousEventId).toEqual(expect.any(String))
    expect(stepped.nextEventId).toEqual(expect.any(String))
  })

  it('reveals a masked field only with a reason, and records each reading and reveal in the timeline and the audit list', async () => {
    const registered = (await wholeTimeline('&types=UserRegistered')).events[0]
    const noReason = await api('POST', `/support/users/${life.userId}/reveal`, {
      token: staffToken,
      body: { eventId: registered?.eventId, field: 'email' },
    })
    expect(noReason.status).toBe(400)
    const notPersonal = await api('POST', `/support/users/${life.userId}/reveal`, {
      token: staffToken,
      body: { eventId: registered?.eventId, field: 'role', reason: 'ticket 42' },
    })
    expect(notPersonal.status).toBe(400)
    const revealed = dataOf<{ value: string | null; erased: boolean }>(
      await api('POST', `/support/users/${life.userId}/reveal`, {
        token: staffToken,
        body: { eventId: registered?.eventId, field: 'email', reason: 'ticket 42: confirm the address' },
      }),
    )
    expect(revealed).toMatchObject({ value: life.email, erased: false })

    const audit = dataOf<{ entries: AuditEntry[] }>(
      await api('GET', `/support/audit?userId=${life.userId}`, { token: staffToken }),
    )
    expect(audit.entries[0]).toMatchObject({
      action: 'revealed',
      staffId,
      userId: life.userId,
      via: 'web',
      reason: 'ticket 42: confirm the address',
      field: { eventId: registered?.eventId, eventType: 'UserRegistered', field: 'email' },
    })
    expect(audit.entries.filter((entry) => entry.action === 'opened').length).toBeGreaterThan(3)

    const audited = (await wholeTimeline('&streams=support_audit')).events
    expect(audited.every((event) => event.actor.type === 'support' && event.actor.id === staffId)).toBe(true)
    expect(audited.map((event) => event.type)).toContain('SupportFieldRevealed')
  })

  it('reads the timeline from the command line under the same rules, recording the reading as the staff member', async () => {
    const { stdout } = await supportCli([life.email, '--as', staffEmail, '--type', 'OrderCreated', '--json'])
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as TimelineEvent)
    expect(lines.map((event) => event.type)).toEqual(['OrderCreated'])
    expect(stdout).not.toContain('pii:v1:')
    const audit = dataOf<{ entries: AuditEntry[] }>(
      await api('GET', `/support/audit?userId=${life.userId}&limit=1`, { token: staffToken }),
    )
    expect(audit.entries[0]).toMatchObject({ action: 'opened', staffId, via: 'cli' })
  })

  it('shows an erased person as erased, with their non-personal history intact', async () => {
    const before = await wholeTimeline('')
    dataOf(await api('POST', '/account/delete', { token: life.token, body: { confirm: 'DELETE', password } }))
    const after = await wholeTimeline('')
    expect(after.erasedAt).toEqual(expect.any(String))
    const ids = after.events.map((event) => event.eventId)
    for (const event of before.events) expect(ids).toContain(event.eventId)
    const registered = after.events.find((event) => event.type === 'UserRegistered')
    const revealed = dataOf<{ value: string | null; erased: boolean }>(
      await api('POST', `/support/users/${life.userId}/reveal`, {
        token: staffToken,
        body: { eventId: registered?.eventId, field: 'email', reason: 'ticket 43' },
      }),
    )
    expect(revealed).toEqual({ eventId: registered?.eventId, field: 'email', value: null, erased: true })
  })
})
