/**
 * Support staff answer "I paid and have no interviews" from the console: find the customer,
 * filter their timeline, reveal one masked field with a reason, and see their plan and orders as
 * they were before the payment. On a server of this test's own (PostgreSQL), because the support
 * role is granted with scripts/grant-support.ts straight on that server's database.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Browser, Locator } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { newClientPage, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import {
  buyPlan,
  confirmedAccount,
  signInToDashboard,
  watchForProblems,
  type TestAccount,
} from './dashboard-helpers.ts'

let database: TestDatabase
let server: RunningServer
let browser: Browser
let staff: TestAccount
let customer: TestAccount

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1' })
  teardown.add(() => server.stop())
  browser = await launchChromium()
  teardown.add(() => browser.close())
  staff = await confirmedAccount(server.url, 'timeline-staff', { firstName: 'Sam', lastName: 'Support' })
  await promisify(execFile)(process.execPath, ['scripts/grant-support.ts', staff.email], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'warn' },
  })
  customer = await confirmedAccount(server.url, 'timeline-customer', { firstName: 'Priya', lastName: 'Nair' })
  await buyPlan(server.url, customer.token, 'pro')
}, 120_000)

const typesOf = (timeline: Locator) =>
  timeline.getByRole('region', { name: 'Timeline events' }).locator('tbody tr[data-event-id] td:first-child')

describe('the support timeline in the browser', () => {
  it('finds the customer, filters, reveals a masked field with a reason and travels to before the payment', async () => {
    const page = await newClientPage(browser, server.url)
    const problems = watchForProblems(page, server.url)
    await signInToDashboard(page, server.url, staff.email)
    await page.goto(`${server.url}/support`)
    await waitForHydration(page)

    const search = page.getByRole('search')
    await search.getByLabel('E-mail or user id').fill(customer.email)
    await search.getByRole('button', { name: 'Search' }).click()
    const found = page.getByRole('list', { name: 'People found' }).locator(`[data-user-id="${customer.userId}"]`)
    // Masked as the timeline masks them: the name always, the address unless typed whole.
    await expect(found.textContent()).resolves.not.toContain('Priya')
    await expect(found.textContent()).resolves.toContain('••••••')
    // One date format in the whole console: the long US date with the time.
    await expect(found.textContent()).resolves.toMatch(
      /member since [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M/,
    )
    await found.getByRole('button', { name: 'Open history' }).click()

    const timeline = page.getByRole('region', { name: 'Timeline', exact: true })
    await typesOf(timeline).first().waitFor()
    // One opening, one record, shown without a Refresh.
    const opened = timeline
      .getByRole('region', { name: 'Who read this history' })
      .getByTestId('audit-entry')
      .filter({ hasText: 'opened the timeline' })
    await expect.poll(() => opened.count(), { timeout: 15_000 }).toBe(1)
    await expect(opened.textContent()).resolves.toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M · /)
    await expect(page.getByRole('region', { name: 'Event history' }).count()).resolves.toBe(0)
    // The Actor column breaks between words, never inside one.
    const actorCells = timeline.locator('tbody tr[data-event-id] td:nth-child(3)')
    await expect(
      actorCells.evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).wordBreak)),
    ).resolves.not.toContain('break-all')
    await expect(
      actorCells.evaluateAll((cells) =>
        cells.every((cell) => cell.getClientRects().length > 0 && cell.getBoundingClientRect().width >= 120),
      ),
    ).resolves.toBe(true)
    const everything = await typesOf(timeline).allTextContents()
    expect(everything[0]).toBe('UserRegistered')
    expect(everything).toEqual(expect.arrayContaining(['OrderCreated', 'PaymentVerified', 'SubscriptionActivated']))
    expect(everything.at(-1)).toBe('SupportHistoryOpened')
    await expect(timeline.textContent()).resolves.not.toContain(customer.email)

    const filters = timeline.getByRole('form', { name: 'Timeline filters' })
    await filters.getByLabel('Event types').fill('UserRegistered')
    await filters.getByRole('button', { name: 'Filter' }).click()
    await expect.poll(() => typesOf(timeline).allTextContents()).toEqual(['UserRegistered'])

    const registered = timeline.locator('tbody tr[data-event-id]').first()
    await registered.locator('summary').click()
    await expect(registered.locator('pre').textContent()).resolves.toContain('••••••')
    await registered.getByRole('button', { name: 'Reveal email' }).click()
    const reveal = registered.getByRole('form', { name: 'Reveal email' })
    await reveal.getByLabel('Reason for revealing email').fill('Ticket 1042: confirm the sign-up address')
    await reveal.getByRole('button', { name: 'Reveal' }).click()
    await expect(registered.getByTestId('revealed-value').textContent()).resolves.toBe(`email: ${customer.email}`)

    await filters.getByLabel('Event types').fill('OrderCreated, PaymentVerified, SupportFieldRevealed')
    await filters.getByRole('button', { name: 'Filter' }).click()
    await expect
      .poll(() => typesOf(timeline).allTextContents())
      .toEqual(['OrderCreated', 'PaymentVerified', 'SupportFieldRevealed'])

    const ordered = timeline.locator('tbody tr[data-event-id]').first()
    await ordered.getByRole('button', { name: 'As of this event' }).click()
    const travel = timeline.getByRole('region', { name: 'Time travel' })
    await expect
      .poll(() => travel.getByTestId('time-travel-at').textContent())
      .toMatch(/^As of event \d+: OrderCreated at /)
    await expect(travel.getByTestId('time-travel-subscription').textContent()).resolves.toContain('No plan yet.')
    await expect(travel.getByTestId('time-travel-orders').textContent()).resolves.toMatch(/pro, 499 INR, created/)

    // The payment and the plan period it starts are one transaction: step through it event by event.
    await timeline.getByRole('button', { name: 'As of this event' }).nth(1).click()
    await expect
      .poll(() => travel.getByTestId('time-travel-at').textContent())
      .toMatch(/^As of event \d+: PaymentVerified at /)
    await expect(travel.getByTestId('time-travel-orders').textContent()).resolves.toMatch(/pro, 499 INR, paid/)
    await expect(travel.getByTestId('time-travel-subscription').textContent()).resolves.toContain('No plan yet.')
    await travel.getByRole('button', { name: 'Later event' }).click()
    await expect
      .poll(() => travel.getByTestId('time-travel-at').textContent())
      .toMatch(/^As of event \d+: SubscriptionActivated at /)
    await expect(travel.getByTestId('time-travel-subscription').textContent()).resolves.toMatch(
      /pro · active · 25 interviews/,
    )
    await travel.getByRole('button', { name: 'Earlier event' }).click()
    await expect
      .poll(() => travel.getByTestId('time-travel-at').textContent())
      .toMatch(/^As of event \d+: PaymentVerified at /)

    const audit = timeline.getByRole('region', { name: 'Who read this history' })
    const revealRecord = `${staff.email} (web) revealed email of UserRegistered: “Ticket 1042: confirm the sign-up address”`
    await expect
      .poll(async () =>
        (await audit.getByTestId('audit-entry').allTextContents()).some((text) => text.includes(revealRecord)),
      )
      .toBe(true)

    expect(problems).toEqual([])
    await page.close()
  })
})
