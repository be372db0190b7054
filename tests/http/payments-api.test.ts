import { randomBytes, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { checkoutSignature, hmacSha256Hex } from '#server/payments/signatures.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { dataOf, errorOf, restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

type Order = { id: string; amount: number; currency: string; keyId: string; testMode: boolean; name: string }
type Account = {
  subscription: {
    planType: string
    status: string
    isActive: boolean
    interviewsIncluded: number
    daysUntilExpiry: number
  }
  features: { maxInterviews: number; screenAnalysis: boolean }
}

let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>
const password = 'Passw0rdX'

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1' })
  teardown.add(() => server.stop())
  api = restClient(server.url)
})

/** The sandbox keeps its secrets in the server's data folder; tests sign with them as Razorpay would. */
const secret = async (name: string) =>
  Buffer.from((await readFile(path.join(server.dataDir, name), 'utf8')).trim(), 'base64url')
const signCheckout = async (orderId: string, paymentId: string) =>
  checkoutSignature(await secret('sandbox-razorpay-key-secret'), orderId, paymentId)

async function webhook(
  event: string,
  payment: Record<string, unknown>,
  options: { eventId?: string; signature?: string } = {},
) {
  const body = JSON.stringify({
    entity: 'event',
    event,
    contains: ['payment'],
    payload: { payment: { entity: payment } },
  })
  const signature = options.signature ?? hmacSha256Hex(await secret('sandbox-razorpay-webhook-secret'), body)
  const response = await fetch(`${server.url}/api/webhooks/razorpay`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': options.eventId ?? `evt_${randomUUID()}`,
    },
    body,
  })
  return { status: response.status, body: (await response.json()) as { success: boolean; error?: string } }
}

const signedInUser = () => signedUpUserToken(api, database, { password })

// count(*) is a bigint, which pg hands over as a string.
const countOf = async (type: string, orderId: string) =>
  Number(
    (
      await database.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('type', '=', type)
        .where((eb) =>
          eb.or([eb('stream_id', '=', `order-${orderId}`), eb(eb.ref('data', '->>').key('orderId'), '=', orderId)]),
        )
        .executeTakeFirstOrThrow()
    ).n,
  )

async function settle() {
  // Webhooks are processed by a background job right after they are stored; give it its moment.
  await vi.waitFor(
    async () => {
      const pending = await database.db
        .selectFrom('webhook_deliveries')
        .select('event_id')
        .where('outcome', 'is', null)
        .execute()
      if (pending.length > 0) throw new Error(`${pending.length} webhook deliveries still waiting`)
    },
    { timeout: 15_000, interval: 100 },
  )
}

describe('POST /auth/create-order', () => {
  it('prices the order from the catalog, whatever the client sends, in TEST MODE without keys', async () => {
    const token = await signedInUser()
    const order = dataOf<Order>(
      await api('POST', '/auth/create-order', {
        token,
        body: { planType: 'professional', billingCycle: 'monthly', amount: 1 },
      }),
    )
    expect(order).toMatchObject({
      amount: 29900,
      currency: 'INR',
      keyId: 'rzp_test_sandbox',
      testMode: true,
      name: 'Interview Helper',
    })
    expect(order.id).toMatch(/^order_test_/)
    expect(await countOf('OrderCreated', order.id)).toBe(1)
  })

  it.each([
    [
      'an unknown plan',
      { planType: 'enterprise', billingCycle: 'monthly' },
      /planType must be one of starter, professional, pro/,
    ],
    ['a yearly cycle', { planType: 'pro', billingCycle: 'yearly' }, /billingCycle must be 'monthly'/],
    ['no plan', {}, /planType/],
  ])('answers 400 for %s', async (_case, body, message) => {
    const token = await signedInUser()
    const answer = await api('POST', '/auth/create-order', { token, body })
    expect(answer.status).toBe(400)
    expect(errorOf(answer)).toMatch(message)
  })

  it('needs a signed-in user', async () => {
    expect(
      (await api('POST', '/auth/create-order', { body: { planType: 'pro', billingCycle: 'monthly' } })).status,
    ).toBe(401)
  })
})

describe('POST /auth/verify-payment', () => {
  it('activates the plan once; a repeat answers success and appends nothing', async () => {
    const token = await signedInUser()
    const order = dataOf<Order>(
      await api('POST', '/auth/create-order', { token, body: { planType: 'professional', billingCycle: 'monthly' } }),
    )
    const paymentId = `pay_test_${randomBytes(7).toString('hex')}`
    const body = {
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: await signCheckout(order.id, paymentId),
    }

    const first = await api('POST', '/auth/verify-payment', { token, body })
    expect(dataOf(first)).toEqual({ verified: true, orderId: order.id, paymentId, planType: 'professional' })
    const repeat = await api('POST', '/auth/verify-payment', { token, body })
    expect(repeat.status).toBe(200)
    expect(repeat.body).toEqual(first.body)
    expect(await countOf('PaymentVerified', order.id)).toBe(1)
    expect(await countOf('SubscriptionActivated', order.id)).toBe(1)

    const account = dataOf<Account>(await api('GET', '/auth/subscription', { token }))
    expect(account.subscription).toMatchObject({
      planType: 'professional',
      status: 'active',
      isActive: true,
      interviewsIncluded: 15,
    })
    expect(account.subscription.daysUntilExpiry).toBeGreaterThanOrEqual(28)
    expect(account.features).toMatchObject({ maxInterviews: 15, screenAnalysis: true })
    const history = dataOf<{ entries: { orderId: string; status: string; paymentId: string; amount: number }[] }>(
      await api('GET', '/billing/history', { token }),
    )
    expect(history.entries[0]).toMatchObject({ orderId: order.id, status: 'paid', paymentId, amount: 29900 })
  })

  it('answers concurrent pairs of the same verification 200 both, with the same body', async () => {
    for (let pair = 0; pair < 5; pair += 1) {
      const token = await signedInUser()
      const order = dataOf<Order>(
        await api('POST', '/auth/create-order', { token, body: { planType: 'starter', billingCycle: 'monthly' } }),
      )
      const paymentId = `pay_test_${randomBytes(7).toString('hex')}`
      const body = {
        razorpay_order_id: order.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: await signCheckout(order.id, paymentId),
      }
      const [one, two] = await Promise.all([
        api('POST', '/auth/verify-payment', { token, body }),
        api('POST', '/auth/verify-payment', { token, body }),
      ])
      expect([one.status, two.status]).toEqual([200, 200])
      expect(one.body).toEqual(two.body)
      expect(await countOf('PaymentVerified', order.id)).toBe(1)
      expect(await countOf('SubscriptionActivated', order.id)).toBe(1)
    }
  })

  it("refuses a tampered signature, someone else's order and an unknown order, writing nothing", async () => {
    const owner = await signedInUser()
    const stranger = await signedInUser()
    const order = dataOf<Order>(
      await api('POST', '/auth/create-order', { token: owner, body: { planType: 'starter', billingCycle: 'monthly' } }),
    )
    const paymentId = `pay_test_${randomBytes(7).toString('hex')}`
    const signature = await signCheckout(order.id, paymentId)
    const eventsBefore = Number(
      (
        await database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

    const tampered = await api('POST', '/auth/verify-payment', {
      token: owner,
      body: {
        razorpay_order_id: order.id,
        razorpay_payment_id: paymentId,
        // Change the last hex digit: a fixed replacement would leave one signature in 16 untouched.
        razorpay_signature: `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
      },
    })
    expect(tampered.status).toBe(400)
    expect(errorOf(tampered)).toMatch(/signature is not valid/)
    const otherPayment = await api('POST', '/auth/verify-payment', {
      token: owner,
      body: { razorpay_order_id: order.id, razorpay_payment_id: 'pay_test_other', razorpay_signature: signature },
    })
    expect(otherPayment.status).toBe(400)
    const notYours = await api('POST', '/auth/verify-payment', {
      token: stranger,
      body: { razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: signature },
    })
    expect(notYours.status).toBe(404)
    const unknownOrder = 'order_test_doesnotexist'
    const unknown = await api('POST', '/auth/verify-payment', {
      token: owner,
      body: {
        razorpay_order_id: unknownOrder,
        razorpay_payment_id: paymentId,
        razorpay_signature: await signCheckout(unknownOrder, paymentId),
      },
    })
    expect(unknown.status).toBe(404)
    const malformed = await api('POST', '/auth/verify-payment', { token: owner, body: { razorpay_order_id: order.id } })
    expect(malformed.status).toBe(400)
    expect(errorOf(malformed)).toMatch(/razorpay_payment_id/)

    const eventsAfter = Number(
      (
        await database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(eventsAfter).toBe(eventsBefore)
    expect(dataOf<Account>(await api('GET', '/auth/subscription', { token: owner })).subscription.planType).toBe('none')
  })
})

describe('POST /api/webhooks/razorpay', () => {
  async function orderFor(planType = 'pro') {
    const token = await signedInUser()
    const order = dataOf<Order>(
      await api('POST', '/auth/create-order', { token, body: { planType, billingCycle: 'monthly' } }),
    )
    const amount = { starter: 9900, professional: 29900, pro: 49900 }[planType] ?? 0
    return {
      token,
      order,
      payment: {
        id: `pay_test_${randomBytes(7).toString('hex')}`,
        order_id: order.id,
        amount,
        currency: 'INR',
        status: 'captured',
      },
    }
  }

  it('refuses a forged signature with 400 and records nothing', async () => {
    const { order, payment } = await orderFor()
    const eventId = `evt_${randomUUID()}`
    const forged = await webhook('payment.captured', payment, { eventId, signature: 'deadbeef'.repeat(8) })
    expect(forged.status).toBe(400)
    expect(forged.body).toEqual({ success: false, error: 'Invalid webhook signature', code: 'bad_signature' })
    expect(
      await database.db
        .selectFrom('webhook_deliveries')
        .select('event_id')
        .where('event_id', '=', eventId)
        .executeTakeFirst(),
    ).toBeUndefined()
    expect(await countOf('PaymentVerified', order.id)).toBe(0)
  })

  it('stores the same delivery once however often it arrives, and pays the order once', async () => {
    const { token, order, payment } = await orderFor()
    const eventId = `evt_${randomUUID()}`
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => webhook('payment.captured', payment, { eventId })),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    await settle()
    expect(
      await database.db.selectFrom('webhook_deliveries').select('event_id').where('event_id', '=', eventId).execute(),
    ).toHaveLength(1)
    expect(await countOf('PaymentVerified', order.id)).toBe(1)
    expect(dataOf<Account>(await api('GET', '/auth/subscription', { token })).subscription).toMatchObject({
      planType: 'pro',
      interviewsIncluded: 25,
    })
  })

  it('handles order.paid, payment.captured and the checkout verify in any order: one payment, one PaymentVerified', async () => {
    const { token, order, payment } = await orderFor('starter')
    await webhook('order.paid', payment)
    await webhook('payment.captured', payment)
    await settle()
    const body = {
      razorpay_order_id: order.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: await signCheckout(order.id, payment.id),
    }
    expect(dataOf(await api('POST', '/auth/verify-payment', { token, body }))).toMatchObject({ verified: true })
    expect(await countOf('PaymentVerified', order.id)).toBe(1)
    expect(await countOf('SubscriptionActivated', order.id)).toBe(1)
  })

  it('ends paid when payment.failed comes before payment.captured, and a late failure changes nothing', async () => {
    const { token, order, payment } = await orderFor('professional')
    const failedAttempt = {
      ...payment,
      id: `pay_test_${randomBytes(7).toString('hex')}`,
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Card declined',
    }
    await webhook('payment.failed', failedAttempt)
    await settle()
    // The history is a view: it follows the delivery's events a moment later on a busy machine.
    const entryOf = async () =>
      dataOf<{ entries: { orderId: string; status: string; failureReason: string | null }[] }>(
        await api('GET', '/billing/history', { token }),
      ).entries.find((entry) => entry.orderId === order.id)
    await expect.poll(entryOf, { timeout: 15_000 }).toMatchObject({ status: 'failed', failureReason: 'Card declined' })

    await webhook('payment.captured', payment)
    await webhook('payment.failed', { ...failedAttempt, id: `pay_test_${randomBytes(7).toString('hex')}` })
    await settle()
    expect(dataOf<Account>(await api('GET', '/auth/subscription', { token })).subscription).toMatchObject({
      planType: 'professional',
      isActive: true,
    })
    await expect.poll(async () => (await entryOf())?.status, { timeout: 15_000 }).toBe('paid')
    expect(await countOf('PaymentFailed', order.id)).toBe(1)
  })

  it('records a second capture for a paid order as a payment to refund, settles the delivery and never retries it', async () => {
    const { token, order, payment } = await orderFor('starter')
    await webhook('payment.captured', payment)
    await settle()
    const second = { ...payment, id: `pay_test_${randomBytes(7).toString('hex')}` }
    const eventId = `evt_${randomUUID()}`
    expect((await webhook('payment.captured', second, { eventId })).status).toBe(200)
    await settle()
    expect(
      await database.db
        .selectFrom('webhook_deliveries')
        .select(['outcome', 'attempts', 'next_attempt_at', 'last_error'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ outcome: 'duplicate-payment', attempts: 1, next_attempt_at: null, last_error: null })
    expect(await countOf('DuplicatePaymentCaptured', order.id)).toBe(1)
    expect(await countOf('PaymentVerified', order.id)).toBe(1)
    const history = dataOf<{
      entries: { orderId: string; status: string; paymentId: string; refundDuePaymentIds: string[] }[]
    }>(await api('GET', '/billing/history', { token }))
    expect(history.entries.find((entry) => entry.orderId === order.id)).toMatchObject({
      status: 'paid',
      paymentId: payment.id,
      refundDuePaymentIds: [second.id],
    })
  })

  it('answers 400 without the signature or event id headers and for a body that is not JSON', async () => {
    const noSignature = await fetch(`${server.url}/api/webhooks/razorpay`, {
      method: 'POST',
      body: '{}',
      headers: { 'x-razorpay-event-id': 'evt_x' },
    })
    expect(noSignature.status).toBe(400)
    const body = 'not json'
    const signed = hmacSha256Hex(await secret('sandbox-razorpay-webhook-secret'), body)
    const notJson = await fetch(`${server.url}/api/webhooks/razorpay`, {
      method: 'POST',
      body,
      headers: { 'x-razorpay-signature': signed, 'x-razorpay-event-id': 'evt_y' },
    })
    expect(notJson.status).toBe(400)
  })
})
