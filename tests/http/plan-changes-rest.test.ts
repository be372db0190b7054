import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkoutSignature } from '#server/payments/signatures.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { dataOf, restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

type PlanChanges = {
  currentPlan: string | null
  periodEnd: string | null
  scheduledChange: { planType: string; effectiveAt: string } | null
  changes: { planType: string; kind: string; listPrice: number; credit: number; amountDue: number }[]
}

let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1' })
  teardown.add(() => server.stop())
  api = restClient(server.url)
})

const signCheckout = async (orderId: string, paymentId: string) =>
  checkoutSignature(
    Buffer.from((await readFile(path.join(server.dataDir, 'sandbox-razorpay-key-secret'), 'utf8')).trim(), 'base64url'),
    orderId,
    paymentId,
  )

/** Buys a plan as the desktop app would: order, then the checkout's proof. */
async function buy(token: string, planType: string, expectedAmount?: number) {
  const order = dataOf<{ id: string; amount: number }>(
    await api('POST', '/auth/create-order', {
      token,
      body: { planType, billingCycle: 'monthly', ...(expectedAmount ? { expectedAmount } : {}) },
    }),
  )
  const paymentId = `pay_test_${randomBytes(7).toString('hex')}`
  const proof = {
    razorpay_order_id: order.id,
    razorpay_payment_id: paymentId,
    razorpay_signature: await signCheckout(order.id, paymentId),
  }
  dataOf(await api('POST', '/auth/verify-payment', { token, body: proof }))
  return order
}

const preview = async (token: string) => dataOf<PlanChanges>(await api('GET', '/payments/plan-changes', { token }))

describe('plan changes over REST', () => {
  it('previews every plan at its list price without a plan, then prices an upgrade less the unused period', async () => {
    const token = await signedUpUserToken(api, database, { password: 'Passw0rdX' })
    expect((await preview(token)).changes.map(({ planType, kind, amountDue }) => [planType, kind, amountDue])).toEqual([
      ['starter', 'new', 9900],
      ['professional', 'new', 29900],
      ['pro', 'new', 49900],
    ])
    await buy(token, 'starter')
    const changes = await preview(token)
    expect(changes.currentPlan).toBe('starter')
    // Bought moments ago: the whole Starter period is unused, so Pro costs 49900 − 9900.
    expect(changes.changes).toEqual([
      expect.objectContaining({ planType: 'starter', kind: 'extend', amountDue: 9900 }),
      expect.objectContaining({ planType: 'professional', kind: 'upgrade', credit: 9900, amountDue: 20000 }),
      expect.objectContaining({ planType: 'pro', kind: 'upgrade', credit: 9900, amountDue: 40000 }),
    ])
    const refused = await api('POST', '/auth/create-order', {
      token,
      body: { planType: 'pro', billingCycle: 'monthly', expectedAmount: 49900 },
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ success: false, code: 'plan_change_refused' })
    const order = await buy(token, 'pro', 40000)
    expect(order.amount).toBe(40000)
    const account = dataOf<{
      subscription: { planType: string; interviewsIncluded: number }
      features: { maxInterviews: number }
    }>(await api('GET', '/auth/subscription', { token }))
    expect(account.subscription).toMatchObject({ planType: 'pro', interviewsIncluded: 25 })
    expect(account.features.maxInterviews).toBe(25)
  })

  it('schedules a lower plan for the end of the period with nothing to pay, and cancels it', async () => {
    const token = await signedUpUserToken(api, database, { password: 'Passw0rdX' })
    await buy(token, 'pro')
    const bought = await preview(token)
    expect(bought.changes[0]).toMatchObject({ planType: 'starter', kind: 'downgrade', amountDue: 0 })

    const buyingLower = await api('POST', '/auth/create-order', {
      token,
      body: { planType: 'starter', billingCycle: 'monthly' },
    })
    expect(buyingLower.status).toBe(409)
    expect(buyingLower.body).toMatchObject({ code: 'plan_change_refused' })

    const scheduled = dataOf<PlanChanges>(
      await api('POST', '/payments/plan-change/schedule', { token, body: { planType: 'starter' } }),
    )
    expect(scheduled.scheduledChange).toEqual({ planType: 'starter', effectiveAt: bought.periodEnd })
    expect(scheduled.changes[0]).toMatchObject({ kind: 'scheduled', amountDue: 0 })
    const account = dataOf<{ subscription: { planType: string; scheduledChange: unknown } }>(
      await api('GET', '/auth/subscription', { token }),
    )
    expect(account.subscription).toMatchObject({
      planType: 'pro',
      scheduledChange: { planType: 'starter', effectiveAt: bought.periodEnd },
    })

    const higher = await api('POST', '/payments/plan-change/schedule', { token, body: { planType: 'pro' } })
    expect(higher.status).toBe(409)
    expect(higher.body).toMatchObject({ code: 'plan_change_refused' })

    const cancelled = dataOf<PlanChanges>(await api('POST', '/payments/plan-change/cancel', { token }))
    expect(cancelled.scheduledChange).toBeNull()
    const again = await api('POST', '/payments/plan-change/cancel', { token })
    expect(again.status).toBe(404)
    expect(again.body).toMatchObject({ code: 'not_found', error: 'No plan change is scheduled.' })
  })

  it('refuses to schedule without a plan, and needs a signed-in user', async () => {
    const token = await signedUpUserToken(api, database, { password: 'Passw0rdX' })
    const noPlan = await api('POST', '/payments/plan-change/schedule', { token, body: { planType: 'starter' } })
    expect(noPlan.status).toBe(403)
    expect(noPlan.body).toMatchObject({ code: 'plan_required' })
    expect((await api('GET', '/payments/plan-changes')).status).toBe(401)
  })
})
