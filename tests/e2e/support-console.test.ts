/**
 * Support staff and account deletion, on a server of this test's own (PostgreSQL), because the
 * support role is granted with scripts/grant-support.ts straight on that server's database.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage, signInInBrowser, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import {
  confirmedAccount,
  password,
  signInByApi,
  signInToDashboard,
  TrpcFailure,
  type TestAccount,
} from './dashboard-helpers.ts'

let database: TestDatabase
let server: RunningServer
let browser: Browser
let staff: TestAccount
let person: TestAccount

async function grantSupport(email: string) {
  await promisify(execFile)(process.execPath, ['scripts/grant-support.ts', email], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'warn' },
  })
}

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1' })
  teardown.add(() => server.stop())
  browser = await launchChromium()
  teardown.add(() => browser.close())
  staff = await confirmedAccount(server.url, 'staff', { firstName: 'Sam', lastName: 'Support' })
  await grantSupport(staff.email)
  person = await confirmedAccount(server.url, 'leaving', { firstName: 'Ravi', lastName: 'Kumar' })
}, 120_000)

async function openSupport(page: Page) {
  await page.goto(`${server.url}/support`)
  await waitForHydration(page)
}

describe('support console and account deletion', () => {
  it('refuses /support to people without the support role with a clear 403 page', async () => {
    const page = await newClientPage(browser, server.url)
    await signInToDashboard(page, server.url, person.email)
    await page.getByRole('button', { name: 'Account menu for Ravi' }).click()
    await expect(
      page.getByRole('group', { name: 'Account menu' }).getByRole('link', { name: 'Support Console' }).count(),
    ).resolves.toBe(0)
    await openSupport(page)
    await page.getByRole('heading', { name: 'Support staff only', level: 1 }).waitFor()
    await expect(page.getByText('403', { exact: true }).count()).resolves.toBe(1)
    await page.close()
  })

  it('deletes an account after typing DELETE and the password: signed out, and it cannot sign in again', async () => {
    const page = await newClientPage(browser, server.url)
    await signInToDashboard(page, server.url, person.email)
    await page.goto(`${server.url}/profile`)
    await waitForHydration(page)
    await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.waitFor()
    await expect(dialog.textContent()).resolves.toContain(
      'Kept, with no name on them: your orders and payments, and anonymous usage counts.',
    )
    const confirm = dialog.getByRole('button', { name: 'Delete my account' })
    await dialog.getByLabel('Type DELETE to confirm').fill('delete')
    await dialog.getByLabel('Your password').fill(password)
    await expect(confirm.isDisabled()).resolves.toBe(true)
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
    await dialog.getByLabel('Your password').fill('Wrong1234')
    await confirm.click()
    await dialog.getByRole('alert').getByText('Your password is incorrect.', { exact: true }).waitFor()
    await dialog.getByLabel('Your password').fill(password)
    await confirm.click()
    await expectPath(page, '/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor()

    await page.goto(`${server.url}/dashboard`)
    await expectPath(page, '/login')
    await waitForHydration(page)
    await signInInBrowser(page, person.email)
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor()
    await expect(signInByApi(server.url, person.email)).rejects.toBeInstanceOf(TrpcFailure)
    await page.close()
  })

  it('lets support staff find the erased person, read their history and rebuild their views', async () => {
    const page = await newClientPage(browser, server.url)
    // Signed in after the grant: the new role rides in the new token.
    await signInToDashboard(page, server.url, staff.email)
    await page.getByRole('button', { name: 'Account menu for Sam' }).click()
    await page.getByRole('group', { name: 'Account menu' }).getByRole('link', { name: 'Support Console' }).click()
    await expectPath(page, '/support')
    await page.getByRole('heading', { name: 'Support Console', level: 1 }).waitFor()

    const search = page.getByRole('search')
    await search.getByLabel('E-mail or user id').fill(staff.email)
    await search.getByRole('button', { name: 'Search' }).click()
    const found = page.getByRole('list', { name: 'People found' })
    await expect(found.locator(`[data-user-id="${staff.userId}"]`).textContent()).resolves.toContain(staff.email)

    await search.getByLabel('E-mail or user id').fill(person.userId)
    await search.getByRole('button', { name: 'Search' }).click()
    const erased = found.locator(`[data-user-id="${person.userId}"]`)
    await erased.getByTestId('erased').waitFor()
    await expect(erased.getByTestId('erased').textContent()).resolves.toMatch(
      /^Erased [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/,
    )
    await expect(erased.textContent()).resolves.not.toContain(person.email)

    await erased.getByRole('button', { name: 'Open history' }).click()
    const history = page.getByRole('region', { name: 'Timeline', exact: true })
    const types = history
      .getByRole('region', { name: 'Timeline events' })
      .locator('tbody tr[data-event-id] td:first-child')
    await types.first().waitFor()
    const typeNames = await types.allTextContents()
    expect(typeNames[0]).toBe('UserRegistered')
    expect(typeNames).toContain('UserErased')
    await expect(history.textContent()).resolves.toMatch(/Erased [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M\./)
    await expect(history.textContent()).resolves.not.toContain(person.email)

    await history.getByRole('button', { name: 'Rebuild views' }).click()
    const result = history.getByTestId('rebuild-result')
    await result.waitFor()
    await expect(result.textContent()).resolves.toMatch(/users_view: \d+ events replayed/)
    await page.close()
  })
})
