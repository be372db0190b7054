/**
 * Support staff repair a customer's state in the browser: replay a person's damaged views with the
 * diff shown before it is applied, retry a Razorpay delivery that failed, and rebuild a whole view
 * with its progress. On a server of this test's own (PostgreSQL): the role is granted with the
 * command line and the damage is done straight on that server's database.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { Secret, TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import { confirmedAccount, signInByApi, signInToDashboard, trpcClient, type TestAccount } from './dashboard-helpers.ts'

let database: TestDatabase
let server: RunningServer
let browser: Browser
let staff: TestAccount
let person: TestAccount
let deliveryId: string
let orderId: string

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1' })
  teardown.add(() => server.stop())
  browser = await launchChromium()
  teardown.add(() => browser.close())
  staff = await confirmedAccount(server.url, 'ops-staff', { firstName: 'Sam', lastName: 'Support' })
  await promisify(execFile)(process.execPath, ['scripts/support.ts', 'grant', staff.email], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'warn' },
  })
  person = await confirmedAccount(server.url, 'ops-customer', { firstName: 'Ravi', lastName: 'Kumar' })
  const order = await trpcClient(server.url).mutate<{ id: string; amount: number }>(
    'payments.createOrder',
    { planType: 'starter', billingCycle: 'monthly' },
    person.token,
  )
  orderId = order.id
  // A capture Razorpay delivered that failed for good while the database was away.
  deliveryId = `evt_e2e_${randomBytes(6).toString('hex')}`
  await database.db
    .insertInto('webhook_deliveries')
    .values({
      event_id: deliveryId,
      provider: 'razorpay',
      event_type: 'payment.captured',
      payload: JSON.stringify({
        event: 'payment.captured',
        createdAt: null,
        orderId,
        paymentId: `pay_e2e_${randomBytes(5).toString('hex')}`,
        amount: order.amount,
        currency: 'INR',
        status: 'captured',
        errorCode: null,
        errorDescription: null,
      }),
      body_sha256: null,
      received_at: new Date(),
      processed_at: new Date(),
      outcome: 'failed',
      attempts: 15,
      last_error: 'connect ECONNREFUSED 127.0.0.1:5432',
      next_attempt_at: null,
    })
    .execute()
}, 120_000)

async function openSupport(): Promise<Page> {
  const page = await newClientPage(browser, server.url)
  await signInToDashboard(page, server.url, staff.email)
  await page.goto(`${server.url}/support`)
  await expectPath(page, '/support')
  await waitForHydration(page)
  await page.getByRole('heading', { name: 'Support Console', level: 1 }).waitFor()
  return page
}

describe('support repairs a customer from the console', () => {
  it('shows the damaged rows in a dry run, then applies exactly them', async () => {
    await database.db
      .updateTable('users_view')
      .set({ first_name: 'Mallory' })
      .where('user_id', '=', person.userId)
      .execute()
    const page = await openSupport()
    const search = page.getByRole('search')
    await search.getByLabel('E-mail or user id').fill(person.email)
    await search.getByRole('button', { name: 'Search' }).click()
    await page
      .getByRole('list', { name: 'People found' })
      .locator(`[data-user-id="${person.userId}"]`)
      .getByRole('button', { name: 'Open history' })
      .click()

    const replay = page.getByRole('region', { name: 'Replay views' })
    await replay.getByRole('button', { name: 'Dry run' }).click()
    const planned = replay.getByRole('region', { name: 'Changes the replay would make' })
    await planned.waitFor()
    const rows = planned.getByTestId('replay-change')
    await expect(rows.allTextContents()).resolves.toEqual([
      `Changedusers_view ${person.userId}first_name: "Mallory" → "Ravi"`,
    ])
    await expect(replay.getByRole('status').first().textContent()).resolves.toMatch(/^Dry run: 1 row differs/)
    const unchanged = await database.db
      .selectFrom('users_view')
      .select('first_name')
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow()
    expect(unchanged.first_name).toBe('Mallory')

    await replay.getByRole('button', { name: 'Apply these changes' }).click()
    await replay.getByText('Applied 1 change in one transaction.').waitFor()
    const repaired = await database.db
      .selectFrom('users_view')
      .select('first_name')
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow()
    expect(repaired.first_name).toBe('Ravi')
    await page.close()
  })

  it('lists the failed delivery with its error and retries it: the order is paid and its events are linked', async () => {
    const page = await openSupport()
    const deliveries = page.getByRole('region', { name: 'Webhook deliveries' })
    await expect(deliveries.getByLabel('Show').inputValue()).resolves.toBe('failed')
    const row = deliveries.locator(`[data-delivery-id="${deliveryId}"]`)
    await row.waitFor()
    await expect(row.getByTestId('delivery-outcome').textContent()).resolves.toBe('failed')
    await expect(row.textContent()).resolves.toContain('connect ECONNREFUSED 127.0.0.1:5432')
    await expect(row.textContent()).resolves.toContain(orderId)

    await row.getByRole('button', { name: 'Retry delivery' }).click()
    await row.getByText('Retried: processed.').waitFor()
    await expect(row.getByTestId('delivery-outcome').textContent()).resolves.toBe('processed (order paid)')
    const caused = row.getByRole('list', { name: `Events caused by ${deliveryId}` })
    await expect(caused.textContent()).resolves.toContain('Caused PaymentVerified')
    // The view follows the events it was just shown: the projector applies them a moment later.
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom('orders_view')
              .select('status')
              .where('order_id', '=', orderId)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 15_000, interval: 100 },
      )
      .toBe('paid')

    await deliveries.getByLabel('Show').selectOption('pending')
    await deliveries.getByText('No pending deliveries.').waitFor()

    // The person's timeline links the payment Razorpay's delivery made to that delivery.
    const search = page.getByRole('search')
    await search.getByLabel('E-mail or user id').fill(person.email)
    await search.getByRole('button', { name: 'Search' }).click()
    await page
      .getByRole('list', { name: 'People found' })
      .locator(`[data-user-id="${person.userId}"]`)
      .getByRole('button', { name: 'Open history' })
      .click()
    const timeline = page.getByRole('region', { name: 'Timeline', exact: true })
    await timeline
      .getByRole('button', { name: `Show delivery ${deliveryId}` })
      .first()
      .click()
    await expect
      .poll(() => deliveries.getByTestId('shown-delivery').textContent())
      .toBe(`Delivery ${deliveryId}, from the timeline.`)
    await expect.poll(() => deliveries.locator('[data-delivery-id]').count()).toBe(1)
    await expect(row.getByTestId('delivery-outcome').textContent()).resolves.toBe('processed (order paid)')
    await deliveries.getByRole('button', { name: 'Show all deliveries' }).click()
    await expect(deliveries.getByLabel('Show').inputValue()).resolves.toBe('pending')
    await page.close()
  })

  it('rebuilds a whole view and shows its figures', async () => {
    const page = await openSupport()
    const row = page.getByTestId('projection-users_view')
    await row.getByRole('button', { name: 'Rebuild users_view' }).click()
    const progress = row.getByTestId('rebuild-users_view')
    await progress.waitFor()
    await expect
      .poll(() => progress.textContent(), { timeout: 15_000 })
      .toMatch(/^Rebuilt: (\d+)\/\1 events, \d+\.\d s$/)
    await page.close()
  })

  it("turns a person's two-step sign-in off only with a reason, recorded in their timeline", async () => {
    const locked = await confirmedAccount(server.url, 'ops-lost-phone', { firstName: 'Lata', lastName: 'Nair' })
    const api = trpcClient(server.url)
    const enrolment = await api.mutate<{ authenticatorId: string; secret: string }>(
      'accounts.startEnrolment',
      { name: 'Old phone' },
      locked.token,
    )
    const app = new TOTP({ secret: Secret.fromBase32(enrolment.secret) })
    await api.mutate(
      'accounts.confirmEnrolment',
      { authenticatorId: enrolment.authenticatorId, code: app.generate() },
      locked.token,
    )
    await expect(signInByApi(server.url, locked.email)).rejects.toThrow(/authenticator app/)

    const openHistory = async (page: Page) => {
      const search = page.getByRole('search')
      await search.getByLabel('E-mail or user id').fill(locked.email)
      await search.getByRole('button', { name: 'Search' }).click()
      await page
        .getByRole('list', { name: 'People found' })
        .locator(`[data-user-id="${locked.userId}"]`)
        .getByRole('button', { name: 'Open history' })
        .click()
    }
    const page = await openSupport()
    await openHistory(page)
    const twoStep = page.getByRole('region', { name: 'Two-step sign-in' })
    await twoStep.getByRole('button', { name: 'Remove authenticators' }).click()
    const form = twoStep.getByRole('form', { name: 'Remove authenticators' })
    const submit = form.getByRole('button', { name: 'Remove every authenticator' })
    await form.getByLabel('Reason (how you identified the person)').fill('too short')
    await expect(submit.isDisabled()).resolves.toBe(true)
    await form.getByLabel('Reason (how you identified the person)').fill('Video call, passport matched the profile')
    await submit.click()
    await twoStep.getByText('Two-step sign-in is off for this person; their sessions have ended.').waitFor()
    // Opened again, the person's timeline shows the command (a page already open is not read behind the staff's back).
    const again = await openSupport()
    await openHistory(again)
    await again
      .getByRole('region', { name: 'Timeline', exact: true })
      .getByText('AuthenticatorsRemovedBySupport', { exact: true })
      .first()
      .waitFor()
    await again.close()

    // The password alone signs in again.
    await expect(signInByApi(server.url, locked.email)).resolves.toMatchObject({ userId: locked.userId })
    await page.close()
  })
})
