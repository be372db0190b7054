import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectPath, newClientPage, waitForHydration } from './auth-helpers.ts'
import { launchChromium } from './browser.ts'
import {
  confirmedAccount,
  password,
  signInByApi,
  signInToDashboard,
  TrpcFailure,
  watchForProblems,
  type TestAccount,
} from './dashboard-helpers.ts'

const baseUrl = inject('baseUrl')

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

async function openProfile(page: Page) {
  await page.goto(`${baseUrl}/profile`)
  await waitForHydration(page)
  await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor()
}

describe('profile settings (/profile)', () => {
  let browser: Browser
  let account: TestAccount

  const teardown = suiteTeardown()
  beforeAll(async () => {
    browser = await launchChromium()
    teardown.add(() => browser.close())
    account = await confirmedAccount(baseUrl, 'profile', { firstName: 'Asha', lastName: 'Rao' })
  }, 60_000)

  it('edits the name with the sign-up rules and keeps it after a reload', async () => {
    const page = await newClientPage(browser, baseUrl)
    const problems = watchForProblems(page, baseUrl)
    await signInToDashboard(page, baseUrl, account.email)
    await page.getByRole('button', { name: 'Account menu for Asha' }).click()
    await page.getByRole('group', { name: 'Account menu' }).getByRole('link', { name: 'Profile Settings' }).click()
    await expectPath(page, '/profile')
    const names = section(page, 'Your name')
    await expect(names.getByLabel('First name').inputValue()).resolves.toBe('Asha')

    const save = names.getByRole('button', { name: 'Save name' })
    await names.getByLabel('First name').fill('')
    await save.click()
    await names.getByRole('alert').getByText('Please fill in all fields.', { exact: true }).waitFor()
    await names.getByLabel('First name').fill('M')
    await save.click()
    await names
      .getByRole('alert')
      .getByText('First name must be between 2 and 50 characters.', { exact: true })
      .waitFor()
    await names.getByLabel('First name').fill('Meera')
    await names.getByLabel('Last name').fill('L'.repeat(51))
    await save.click()
    await names
      .getByRole('alert')
      .getByText('Last name must be between 2 and 50 characters.', { exact: true })
      .waitFor()

    await names.getByLabel('Last name').fill('Iyer')
    await save.click()
    await names.getByText('Your name was saved.').waitFor()
    await page.getByRole('button', { name: 'Account menu for Meera' }).waitFor()

    await page.reload()
    await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor()
    await expect(section(page, 'Your name').getByLabel('First name').inputValue()).resolves.toBe('Meera')
    await expect(section(page, 'Your name').getByLabel('Last name').inputValue()).resolves.toBe('Iyer')
    await page.goto(`${baseUrl}/dashboard`)
    await page.getByRole('heading', { name: 'Welcome back, Meera!' }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  it('changes the password: every field, the strength rule, the match, and the current password are checked', async () => {
    const page = await newClientPage(browser, baseUrl)
    await signInToDashboard(page, baseUrl, account.email)
    await openProfile(page)
    const form = section(page, 'Password')
    const submit = form.getByRole('button', { name: 'Change password' })
    const fill = async (current: string, next: string, confirm: string) => {
      await form.getByLabel('Current password').fill(current)
      await form.getByLabel('New password', { exact: true }).fill(next)
      await form.getByLabel('Confirm new password').fill(confirm)
      await submit.click()
    }
    await fill('', 'NewPass123', 'NewPass123')
    await form.getByRole('alert').getByText('Please fill in all fields.', { exact: true }).waitFor()
    await fill(password, 'weakpass', 'weakpass')
    await form
      .getByRole('alert')
      .getByText('Password must be at least 8 characters with 1 uppercase, 1 lowercase, and 1 number.', { exact: true })
      .waitFor()
    await fill(password, 'NewPass123', 'NewPass124')
    await form.getByRole('alert').getByText('Passwords do not match.', { exact: true }).waitFor()
    await fill('Wrong1234', 'NewPass123', 'NewPass123')
    await form.getByRole('alert').getByText('Your current password is incorrect.', { exact: true }).waitFor()
    await fill(password, 'NewPass123', 'NewPass123')
    await form.getByText('Your password was changed. Other devices were signed out.').waitFor()

    await expect(signInByApi(baseUrl, account.email)).rejects.toBeInstanceOf(TrpcFailure)
    await signInByApi(baseUrl, account.email, 'NewPass123')
    // Back to the shared password for the next test.
    await fill('NewPass123', password, password)
    await form.getByText('Your password was changed. Other devices were signed out.').waitFor()
    await page.close()
  })

  it('the delete dialog keeps Tab inside it, and Escape or Cancel closes it with focus back on its button', async () => {
    const page = await newClientPage(browser, baseUrl)
    await signInToDashboard(page, baseUrl, account.email)
    await openProfile(page)
    const opener = section(page, 'Delete account').getByRole('button', { name: 'Delete account' })
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    const openerFocused = () => opener.evaluate((button) => button === document.activeElement)

    await opener.click()
    await dialog.waitFor()
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Tab')
      await expect(page.evaluate(() => document.activeElement?.closest('dialog') !== null)).resolves.toBe(true)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await expect(openerFocused()).resolves.toBe(true)

    await opener.click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect(openerFocused()).resolves.toBe(true)
    await page.close()
  })

  it('signs out of all devices: this browser at once, another one at its next refresh', async () => {
    const here = await newClientPage(browser, baseUrl)
    const elsewhere = await newClientPage(browser, baseUrl)
    expect(here.context()).not.toBe(elsewhere.context())
    await signInToDashboard(here, baseUrl, account.email)
    await signInToDashboard(elsewhere, baseUrl, account.email)

    await openProfile(here)
    await section(here, 'Devices').getByRole('button', { name: 'Sign out of all devices' }).click()
    await expectPath(here, '/')
    await here.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor()
    expect(
      await here.evaluate(() => [localStorage.getItem('jwt_token'), localStorage.getItem('refresh_token')]),
    ).toEqual([null, null])

    // The other browser still holds tokens; its next refresh finds them revoked.
    expect(await elsewhere.evaluate(() => localStorage.getItem('refresh_token'))).not.toBeNull()
    await elsewhere.reload()
    await expectPath(elsewhere, '/login')
    expect(
      await elsewhere.evaluate(() => [localStorage.getItem('jwt_token'), localStorage.getItem('refresh_token')]),
    ).toEqual([null, null])
    await here.close()
    await elsewhere.close()
  })
})
