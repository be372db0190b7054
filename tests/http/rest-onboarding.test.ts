/**
 * The desktop app's onboarding over documented REST paths only: register, ask for the
 * confirmation link again, confirm, sign in, order, pay in the sandbox checkout, verify.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { dataOf, errorOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'

const baseUrl = inject('baseUrl')

describe('onboarding over REST', () => {
  it('documents every step in the OpenAPI document', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, { post?: { operationId: string } }>
    }
    for (const path of ['/auth/register', '/auth/resend-confirmation', '/auth/confirm-email', '/auth/login'])
      expect(document.paths[path]?.post).toBeDefined()
    for (const path of ['/auth/create-order', '/payments/sandbox/complete', '/auth/verify-payment'])
      expect(document.paths[path]?.post).toBeDefined()
  })

  it('goes from sign-up to an active plan', async () => {
    const ip = testClientIp()
    const api = restClient(baseUrl, { ip })
    const email = `onboard-${randomUUID().slice(0, 8)}@example.com`
    const password = 'Passw0rdX'
    dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Ana', lastName: 'Silva' } }))
    const first = await mailedToken(httpMailbox(baseUrl, ip), email)
    expect(
      dataOf<{ message: string }>(await api('POST', '/auth/resend-confirmation', { body: { email } })).message,
    ).toMatch(/confirmation link/)
    let second = first
    await expect.poll(async () => (second = await mailedToken(httpMailbox(baseUrl, ip), email))).not.toBe(first)
    dataOf(await api('POST', '/auth/confirm-email', { body: { token: second } }))

    const token = dataOf<{ tokens: { accessToken: string } }>(
      await api('POST', '/auth/login', { body: { email, password } }),
    ).tokens.accessToken
    const order = dataOf<{ id: string }>(
      await api('POST', '/auth/create-order', { token, body: { planType: 'pro', billingCycle: 'monthly' } }),
    )
    const paid = dataOf<{ outcome: string; result: Record<string, string> }>(
      await api('POST', '/payments/sandbox/complete', { token, body: { orderId: order.id, outcome: 'success' } }),
    )
    expect(paid.outcome).toBe('success')
    dataOf(await api('POST', '/auth/verify-payment', { token, body: paid.result }))
    const plan = dataOf<{ subscription: { planType: string; status: string } }>(
      await api('GET', '/auth/subscription', { token }),
    )
    expect(plan.subscription).toMatchObject({ planType: 'pro', status: 'active' })

    // Nobody pays someone else's order.
    const stranger = restClient(baseUrl, { ip: testClientIp() })
    expect(
      (await stranger('POST', '/payments/sandbox/complete', { body: { orderId: order.id, outcome: 'success' } }))
        .status,
    ).toBe(401)
    // Within a minute of the last link, the same wait as for any address, confirmed or not.
    expect(errorOf(await api('POST', '/auth/resend-confirmation', { body: { email } }))).toMatch(
      /^We sent a link less than a minute ago\./,
    )
  })

  it('answers an unknown address like a known one, and sends at most one link a minute per address', async () => {
    const api = restClient(baseUrl, { ip: testClientIp() })
    const email = `nobody-${randomUUID().slice(0, 8)}@example.com`
    expect((await api('POST', '/auth/resend-confirmation', { body: { email } })).status).toBe(200)
    const again = await api('POST', '/auth/resend-confirmation', { body: { email } })
    expect(again.status).toBe(429)
    expect(errorOf(again)).toBe(
      'We sent a link less than a minute ago. Please check your inbox and spam folder, or ask again in a minute.',
    )
  })
})
