import { randomUUID } from 'node:crypto'
import { httpMailbox, mailedToken } from './mailbox.ts'
import { dataOf, restClient } from './rest-client.ts'

/** The password of every person `restCustomer` signs up. */
export const restCustomerPassword = 'Passw0rdX'

/**
 * A person onboarded the way the desktop app does it, over documented REST paths only: register,
 * confirm the mailed link, sign in, order the plan, pay in the sandbox checkout, verify.
 */
export async function restCustomer(
  baseUrl: string,
  ip: string,
  planType: 'starter' | 'pro' = 'pro',
): Promise<{ email: string; accessToken: string }> {
  const api = restClient(baseUrl, { ip })
  const email = `rest-${randomUUID().slice(0, 8)}@example.com`
  const password = restCustomerPassword
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Mei', lastName: 'Lin' } }))
  dataOf(
    await api('POST', '/auth/confirm-email', { body: { token: await mailedToken(httpMailbox(baseUrl, ip), email) } }),
  )
  const { accessToken } = dataOf<{ tokens: { accessToken: string } }>(
    await api('POST', '/auth/login', { body: { email, password } }),
  ).tokens
  const order = dataOf<{ id: string }>(
    await api('POST', '/auth/create-order', { token: accessToken, body: { planType, billingCycle: 'monthly' } }),
  )
  const paid = dataOf<{ result: Record<string, string> }>(
    await api('POST', '/payments/sandbox/complete', {
      token: accessToken,
      body: { orderId: order.id, outcome: 'success' },
    }),
  )
  dataOf(await api('POST', '/auth/verify-payment', { token: accessToken, body: paid.result }))
  return { email, accessToken }
}
