/**
 * Support staff see a view halted at an event it cannot apply, with the event and the error, and
 * retry it from the console. Its own server (PostgreSQL): the poisoned registration is written
 * straight to that server's database, past the input boundary.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StoredEvent } from '#events/store/types.ts'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { newClientPage, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import { confirmedAccount, signInToDashboard, type TestAccount } from './dashboard-helpers.ts'

let database: TestDatabase
let server: RunningServer
let browser: Browser
let staff: TestAccount
let poison: StoredEvent

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1', PROJECTION_POLL_MS: '200' })
  teardown.add(() => server.stop())
  browser = await launchChromium()
  teardown.add(() => browser.close())
  staff = await confirmedAccount(server.url, 'staff', { firstName: 'Sam', lastName: 'Support' })
  await promisify(execFile)(process.execPath, ['scripts/grant-support.ts', staff.email], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'warn' },
  })
  poison = await registerDirectly(database, 'x\u0000')
}, 120_000)

describe('support console views', () => {
  it('shows users_view halted at the poisoned registration, and retries it on request', async () => {
    const page = await newClientPage(browser, server.url)
    await signInToDashboard(page, server.url, staff.email)
    await page.goto(`${server.url}/support`)
    await waitForHydration(page)
    const views = page.getByRole('region', { name: 'Views' })
    const usersView = views.getByTestId('projection-users_view')
    await usersView.getByText(`Halted at event ${poison.globalPosition}`, { exact: false }).waitFor()
    const row = await usersView.textContent()
    expect(row).toContain('UserRegistered')
    expect(row).toContain('invalid byte sequence for encoding "UTF8": 0x00')
    expect(row).toContain(poison.eventId)
    await expect(views.getByTestId('projection-user_activity').textContent()).resolves.toContain('Up to date')

    await usersView.getByRole('button', { name: 'Retry now' }).click()
    await usersView.getByText(/Still halted after \d+ attempts/).waitFor()
    await page.close()
  })
})
