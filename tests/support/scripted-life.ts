import { randomBytes, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { hmacSha256Hex } from '#server/payments/signatures.ts'
import { personViews } from '#server/support/timeline/person-views.ts'
import type { TestDatabase } from './databases.ts'
import { dataOf, restClient, testClientIp } from './rest-client.ts'
import type { RunningServer } from './server.ts'
import { databaseMailbox, mailedToken } from './mailbox.ts'

type PersonViews = Awaited<ReturnType<typeof personViews>>

/** What the person's views held after a step, and the person's last event at that moment. */
type RecordedMoment = { step: string; lastEventId: string; views: PersonViews }

const watchedProjections = ['subscriptions_view', 'usage_periods_view', 'orders_view', 'interview_review']

/** Waits until no webhook delivery is pending and the watched projections have applied the whole log. */
async function settled(database: TestDatabase): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await sql<{ pending: string; behind: string }>`
      select
        (select count(*) from webhook_deliveries where outcome is null)::text as pending,
        (select count(*) from projection_checkpoints
           where name in (${sql.join(watchedProjections)})
             and (transaction_id, global_position) < (
               select transaction_id, global_position from events
               order by transaction_id desc, global_position desc limit 1))::text as behind
    `.execute(database.db)
    if (rows[0]?.pending === '0' && rows[0].behind === '0') return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the views did not catch up')
}

async function lastEventOf(database: TestDatabase, userId: string): Promise<string> {
  const row = await database.db
    .selectFrom('events')
    .select('event_id')
    .where('user_id', '=', userId)
    .orderBy('events.transaction_id', 'desc')
    .orderBy('events.global_position', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  return row.event_id
}

/**
 * One customer's life over the public API, as a support ticket would find it: sign-up, confirmed
 * address, an order, a declined payment, the capture's webhook delivered twice (Razorpay retries
 * until it hears 200), an interview with questions, a profile change and a contact message.
 * After each step it waits for the views and records what they hold, for time travel to match.
 */
export async function scriptedLife(server: RunningServer, database: TestDatabase) {
  const ip = testClientIp()
  const api = restClient(server.url, { ip })
  const password = 'Passw0rdX'
  const email = `life-${randomUUID().slice(0, 8)}@example.com`
  const moments: RecordedMoment[] = []
  let userId = ''
  const record = async (step: string) => {
    await settled(database)
    moments.push({
      step,
      lastEventId: await lastEventOf(database, userId),
      views: await personViews(database.db, userId),
    })
  }

  const registered = dataOf<{ user: { id: string } }>(
    await api('POST', '/auth/register', { body: { email, password, firstName: 'Asha', lastName: 'Verma' } }),
  )
  userId = registered.user.id
  await record('signed up')
  dataOf(
    await api('POST', '/auth/confirm-email', { body: { token: await mailedToken(databaseMailbox(database), email) } }),
  )
  const token = dataOf<{ tokens: { accessToken: string } }>(
    await api('POST', '/auth/login', { body: { email, password } }),
  ).tokens.accessToken
  await record('confirmed and signed in')

  const order = dataOf<{ id: string }>(
    await api('POST', '/auth/create-order', { token, body: { planType: 'pro', billingCycle: 'monthly' } }),
  )
  await record('ordered')

  const secret = Buffer.from(
    (await readFile(path.join(server.dataDir, 'sandbox-razorpay-webhook-secret'), 'utf8')).trim(),
    'base64url',
  )
  const webhook = async (event: string, payment: Record<string, unknown>, eventId: string) => {
    const body = JSON.stringify({
      entity: 'event',
      event,
      contains: ['payment'],
      payload: { payment: { entity: payment } },
    })
    const response = await fetch(`${server.url}/api/webhooks/razorpay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex(secret, body),
        'x-razorpay-event-id': eventId,
      },
      body,
    })
    if (response.status !== 200) throw new Error(`webhook ${event}: ${response.status}`)
  }
  const base = { order_id: order.id, amount: 49900, currency: 'INR' }
  const failedPaymentId = `pay_test_${randomBytes(7).toString('hex')}`
  const failureEventId = `evt_${randomUUID()}`
  await webhook(
    'payment.failed',
    {
      ...base,
      id: failedPaymentId,
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Card declined',
    },
    failureEventId,
  )
  await record('payment declined')

  const paymentId = `pay_test_${randomBytes(7).toString('hex')}`
  const captureEventId = `evt_${randomUUID()}`
  await webhook('payment.captured', { ...base, id: paymentId, status: 'captured' }, captureEventId)
  await settled(database)
  // Razorpay delivers again when it missed our answer: the same event id, nothing new.
  await webhook('payment.captured', { ...base, id: paymentId, status: 'captured' }, captureEventId)
  await record('payment captured')

  const session = dataOf<{ id: string }>(
    await api('POST', '/interview/session/start', { token, body: { context: { role: 'Backend engineer' } } }),
  )
  for (const question of ['What is a hash map?', 'How does TCP start a connection?'])
    dataOf(await api('POST', '/interview/question', { token, body: { question, sessionId: session.id } }))
  dataOf(await api('POST', '/interview/session/end', { token, body: { sessionId: session.id } }))
  await record('interviewed')

  // A downgrade waits for the paid period's end: scheduled now, nothing charged.
  dataOf(await api('POST', '/payments/plan-change/schedule', { token, body: { planType: 'starter' } }))
  await record('plan change scheduled')

  dataOf(await api('POST', '/account/profile', { token, body: { firstName: 'Asha', lastName: 'Verma-Rao' } }))
  await record('profile changed')

  dataOf(
    await api('POST', '/contact', {
      token,
      body: {
        firstName: 'Asha',
        lastName: 'Verma-Rao',
        email,
        subject: 'No interviews',
        message: 'I paid for the pro plan yesterday and still have no interviews.',
      },
    }),
  )
  await record('wrote to support')

  return {
    userId,
    email,
    token,
    orderId: order.id,
    failedPaymentId,
    paymentId,
    captureEventId,
    failureEventId,
    moments,
  }
}
