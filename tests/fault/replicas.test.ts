import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { viewProjections } from '#events/projections/all-projections.ts'
import { checkoutSignature, hmacSha256Hex } from '#server/payments/signatures.ts'
import { startFakeRazorpay } from '#tests/fakes/razorpay-server.ts'
import { dataOf, restClient, type RestAnswer } from '#tests/support/rest-client.ts'
import { liveAndRebuiltViews, settled as settledViews } from '#tests/support/settled-views.ts'
import { serveOnFreshPostgres, type ServersOnPostgres } from '#tests/support/servers-on-postgres.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

/**
 * Bounds the load: people, each buying the Starter plan (5 interviews) and starting sessions in
 * one round of simultaneous starts per interview the plan has.
 */
const people = 6
const startsPerRound = 7
const interviewsIncluded = 5
/** Sessions with a question count; the others, ended at once, give their interview back (0008). */
const sessionsWithAQuestion = 3
const password = 'Passw0rdX'

const razorpay = { keyId: 'rzp_test_replicas', keySecret: randomBytes(16).toString('hex') }
const webhookSecret = randomBytes(16).toString('hex')

/**
 * Two built servers on one PostgreSQL database, as compose.yaml runs them: both migrate at start
 * (they race for it), every person's calls are spread over both, and both run the projections and
 * the webhook jobs in-process at once.
 */
describe('two replicas on one PostgreSQL database under load', () => {
  let setup: ServersOnPostgres
  let apis: ReturnType<typeof restClient>[]
  const teardown = suiteTeardown()
  beforeAll(async () => {
    const fake = await startFakeRazorpay(razorpay)
    teardown.add(() => fake.stop())
    setup = await serveOnFreshPostgres(teardown, {
      replicas: 2,
      migrated: false,
      env: {
        AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
        RAZORPAY_KEY_ID: razorpay.keyId,
        RAZORPAY_KEY_SECRET: razorpay.keySecret,
        RAZORPAY_WEBHOOK_SECRET: webhookSecret,
        RAZORPAY_API_BASE_URL: fake.url,
        PROJECTION_POLL_MS: '200',
      },
    })
    apis = setup.servers.map((server) => restClient(server.url))
  })

  /** The replica for the n-th call of something: calls alternate between the two. */
  const replica = (n: number) => apis[n % apis.length] ?? restClient(setup.server.url)

  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(setup.database.db)).rows[0]?.n ?? -1

  async function webhook(url: string, event: string, payment: Record<string, unknown>, eventId: string) {
    const body = JSON.stringify({
      entity: 'event',
      event,
      contains: ['payment'],
      payload: { payment: { entity: payment } },
    })
    const response = await fetch(`${url}/api/webhooks/razorpay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex(webhookSecret, body),
        'x-razorpay-event-id': eventId,
      },
      body,
    })
    return response.status
  }

  /** Buys the Starter plan: the checkout's verification on one replica, each webhook delivered to both. */
  async function buy(token: string, n: number): Promise<string> {
    const order = dataOf<{ id: string; amount: number }>(
      await replica(n)('POST', '/auth/create-order', {
        token,
        body: { planType: 'starter', billingCycle: 'monthly' },
      }),
    )
    const paymentId = `pay_${randomBytes(7).toString('hex')}`
    const payment = { id: paymentId, order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured' }
    const deliveries = [`evt_${randomUUID()}`, `evt_${randomUUID()}`]
    const [verified, ...webhookStatuses] = await Promise.all([
      replica(n + 1)('POST', '/auth/verify-payment', {
        token,
        body: {
          razorpay_order_id: order.id,
          razorpay_payment_id: paymentId,
          razorpay_signature: checkoutSignature(razorpay.keySecret, order.id, paymentId),
        },
      }),
      ...setup.servers.flatMap((server) => [
        webhook(server.url, 'payment.captured', payment, deliveries[0] ?? ''),
        webhook(server.url, 'order.paid', payment, deliveries[1] ?? ''),
      ]),
    ])
    expect(verified.status).toBe(200)
    expect(webhookStatuses).toEqual([200, 200, 200, 200])
    return order.id
  }

  /**
   * Rounds of simultaneous starts over both replicas: one session at a time, so each round one
   * starts and the rest are refused (409 session-active); the first rounds' sessions get a
   * question (and count); the others give their interview back.
   */
  async function interview(token: string) {
    const statuses: number[][] = []
    let counted = 0
    for (let round = 0; round < interviewsIncluded; round += 1) {
      const starts = await Promise.all(
        Array.from({ length: startsPerRound }, (_, n) =>
          replica(n)('POST', '/interview/session/start', { token, body: {} }),
        ),
      )
      statuses.push(starts.map((answer: RestAnswer) => answer.status).toSorted())
      const [sessionId] = starts.flatMap((answer) => (answer.status === 200 ? [dataOf<{ id: string }>(answer).id] : []))
      if (sessionId === undefined) continue
      if (round < sessionsWithAQuestion)
        dataOf(
          await replica(round)('POST', '/interview/question', {
            token,
            body: { question: 'How does a hash map handle collisions?', sessionId },
          }),
        )
      const ended = dataOf<{ counted: boolean }>(
        await replica(round + 1)('POST', '/interview/session/end', { token, body: { sessionId } }),
      )
      if (ended.counted) counted += 1
    }
    return { statuses, counted }
  }

  const logs = () => setup.servers.map((server, n) => `replica ${n}:\n${server.output().slice(-3000)}`).join('\n')
  const settled = () => settledViews(setup.database.db, logs)

  it('keeps usage, payments, webhooks and every view exact', async () => {
    const tokens = await Promise.all(
      Array.from({ length: people }, (_, n) => signedUpUserToken(replica(n), setup.database, { password })),
    )
    const orderIds = await Promise.all(tokens.map((token, n) => buy(token, n)))
    const interviews = await Promise.all(tokens.map((token) => interview(token)))
    const oneStarted = [200, ...Array.from({ length: startsPerRound - 1 }, () => 409)]
    for (const { statuses, counted } of interviews) {
      expect(statuses).toEqual(Array.from({ length: interviewsIncluded }, () => oneStarted))
      expect(counted).toBe(sessionsWithAQuestion)
    }
    await settled()

    // Usage: the same on both replicas, and equal to what the subscription streams decided.
    for (const token of tokens) {
      for (const api of apis) {
        expect(
          dataOf<{ interviews: unknown }>(await api('GET', '/interview/usage-limits', { token })).interviews,
        ).toEqual({
          used: sessionsWithAQuestion,
          remaining: interviewsIncluded - sessionsWithAQuestion,
          total: interviewsIncluded,
        })
      }
    }
    const { rows: usage } = await sql<{ used: number; given_back: number }>`
      select used, given_back from usage_periods_view
    `.execute(setup.database.db)
    expect(usage).toEqual(
      Array.from({ length: people }, () => ({
        used: sessionsWithAQuestion,
        given_back: interviewsIncluded - sessionsWithAQuestion,
      })),
    )
    expect(await count(sql`select count(*)::int as n from events where type = 'InterviewCreditUsed'`)).toBe(
      people * interviewsIncluded,
    )

    // Payments: one verification and one activation per order, whoever said so first.
    for (const orderId of orderIds) {
      for (const type of ['PaymentVerified', 'SubscriptionActivated']) {
        expect(
          await count(sql`
            select count(*)::int as n from events
            where type = ${type} and (stream_id = ${`order-${orderId}`} or data ->> 'orderId' = ${orderId})
          `),
        ).toBe(1)
      }
    }
    // Webhooks: each delivery stored once (sent to both replicas), processed once, with one outcome.
    const { rows: deliveries } = await sql<{ outcome: string; attempts: number }>`
      select outcome, attempts from webhook_deliveries
    `.execute(setup.database.db)
    expect(deliveries).toHaveLength(people * 2)
    for (const delivery of deliveries) {
      expect(['processed', 'ignored']).toContain(delivery.outcome)
      expect(delivery.attempts).toBe(1)
    }

    // No event read twice nor skipped: every projection's checkpoint counted each event of the log once.
    const total = await count(sql`select count(*)::int as n from events`)
    const { rows: checkpoints } = await sql<{ name: string; events_applied: number }>`
      select name, events_applied from projection_checkpoints order by name
    `.execute(setup.database.db)
    expect(checkpoints.length).toBeGreaterThanOrEqual(viewProjections.length)
    for (const checkpoint of checkpoints) expect(checkpoint).toEqual({ name: checkpoint.name, events_applied: total })

    // Every view equal to one rebuilt from the log.
    const { live, rebuilt } = await liveAndRebuiltViews(setup.database.db, logs)
    expect(rebuilt).toEqual(live)
  })
})
