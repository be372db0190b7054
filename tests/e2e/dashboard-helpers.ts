/**
 * API shortcuts for the dashboard, profile, interview and support browser tests: accounts, sandbox
 * purchases and counted sessions set up over tRPC, so each test drives the browser only through
 * the pages it is about.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { expect, vi } from 'vitest'
import type { Page } from 'playwright-core'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { expectPath, signInInBrowser, waitForHydration } from './auth-helpers.ts'

export const password = 'Interview123'

type TrpcAnswer<T> = {
  result?: { data: T }
  error?: { message: string; data?: { code?: string; httpStatus?: number } }
}

export class TrpcFailure extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.status = status
  }
}

/** tRPC over plain HTTP as one client address (X-Forwarded-For), so abuse limits never mix tests up. */
export function trpcClient(baseUrl: string) {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`
  const headers = (token?: string) => ({
    'content-type': 'application/json',
    'x-forwarded-for': ip,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  })
  async function read<T>(procedure: string, response: Response): Promise<T> {
    const body = (await response.json()) as TrpcAnswer<T>
    if (!body.result) throw new TrpcFailure(`${procedure}: ${body.error?.message ?? response.status}`, response.status)
    return body.result.data
  }
  return {
    ip,
    mutate: async <T>(procedure: string, input: unknown, token?: string): Promise<T> =>
      read<T>(
        procedure,
        await fetch(`${baseUrl}/api/trpc/${procedure}`, {
          method: 'POST',
          headers: headers(token),
          body: JSON.stringify(input ?? null),
        }),
      ),
    query: async <T>(procedure: string, input: unknown, token?: string): Promise<T> => {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
      return read<T>(procedure, await fetch(`${baseUrl}/api/trpc/${procedure}${query}`, { headers: headers(token) }))
    },
  }
}

export type TestAccount = {
  email: string
  firstName: string
  lastName: string
  userId: string
  token: string
  createdAt: string
}

type LoginAnswer = { user: { id: string; createdAt: string }; tokens: { accessToken: string } }

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`
}

/** Registers, follows the mailed confirmation link's token, and signs in: a ready account. */
export async function confirmedAccount(
  baseUrl: string,
  tag: string,
  names = { firstName: 'Asha', lastName: 'Rao' },
): Promise<TestAccount> {
  const api = trpcClient(baseUrl)
  const email = uniqueEmail(tag)
  await api.mutate('accounts.register', { email, password, ...names })
  const token = await mailedToken(httpMailbox(baseUrl, api.ip), email)
  await api.mutate('accounts.confirmEmail', { token })
  return { email, ...names, ...(await signInByApi(baseUrl, email)) }
}

export async function signInByApi(
  baseUrl: string,
  email: string,
  secret = password,
): Promise<{ userId: string; token: string; createdAt: string }> {
  const session = await trpcClient(baseUrl).mutate<LoginAnswer>('accounts.login', { email, password: secret })
  return { userId: session.user.id, token: session.tokens.accessToken, createdAt: session.user.createdAt }
}

/** Pays for a plan through the sandbox checkout, as the pricing page would. */
export async function buyPlan(
  baseUrl: string,
  token: string,
  planType: 'starter' | 'professional' | 'pro',
): Promise<void> {
  const api = trpcClient(baseUrl)
  const order = await api.mutate<{ id: string }>('payments.createOrder', { planType, billingCycle: 'monthly' }, token)
  const paid = await api.mutate<{ outcome: 'success'; result: Record<string, string> }>(
    'payments.completeSandboxCheckout',
    { orderId: order.id, outcome: 'success' },
    token,
  )
  // The sandbox's webhook races this call and may win (on PostgreSQL the loser can fail): like the
  // pricing page does, tolerate it and wait for the activation.
  await api.mutate('payments.verifyPayment', paid.result, token).catch(() => undefined)
  await vi.waitFor(
    async () => {
      const { subscription } = await api.query<{ subscription: { planType: string } }>(
        'payments.subscription',
        undefined,
        token,
      )
      if (subscription.planType !== planType) throw new Error(`the ${planType} plan is not active yet`)
    },
    { timeout: 10_000, interval: 100 },
  )
}

/** Sessions that count: each starts, has a question asked, and ends. */
export async function countedSessions(baseUrl: string, token: string, count: number): Promise<void> {
  const api = trpcClient(baseUrl)
  for (let index = 0; index < count; index += 1) {
    const session = await api.mutate<{ id: string }>('interviews.sessionStart', { mode: 'text' }, token)
    await api.mutate('interviews.question', { question: 'What is a hash map?', sessionId: session.id }, token)
    const ended = await api.mutate<{ counted: boolean }>('interviews.sessionEnd', { sessionId: session.id }, token)
    expect(ended.counted).toBe(true)
  }
}

/** Signs in on /login and waits for the dashboard. */
export async function signInToDashboard(page: Page, baseUrl: string, email: string, secret = password): Promise<void> {
  await page.goto(`${baseUrl}/login`)
  await waitForHydration(page)
  await signInInBrowser(page, email, secret)
  await expectPath(page, '/dashboard')
}

/** Console errors, uncaught exceptions and failed app requests of a page. */
export function watchForProblems(page: Page, baseUrl: string): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(baseUrl))
      problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  return problems
}

const longUs = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
export const longUsDate = (iso: string) => longUs.format(new Date(iso))
