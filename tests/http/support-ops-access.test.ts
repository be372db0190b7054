/**
 * Support's repair tools answer only support staff: over REST and tRPC, without a token 401 and
 * with an ordinary person's token 403, on every one of them, before any input is looked at.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')
const ip = testClientIp()
const api = restClient(baseUrl, { ip })
const password = 'Passw0rdX'

const operations: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/support/users/someone/replay', body: { dryRun: true } },
  { method: 'POST', path: '/support/projections/users_view/rebuild' },
  { method: 'GET', path: '/support/rebuilds' },
  { method: 'GET', path: '/support/webhook-deliveries?filter=failed' },
  { method: 'POST', path: '/support/webhook-deliveries/evt_1/retry' },
  {
    method: 'POST',
    path: '/support/users/someone/authenticators/remove',
    body: { reason: 'Lost phone; identity checked' },
  },
]

const procedures: { path: string; kind: 'query' | 'mutation'; input: unknown }[] = [
  { path: 'support.replayUser', kind: 'mutation', input: { userId: 'someone', dryRun: true } },
  { path: 'support.rebuildProjection', kind: 'mutation', input: { name: 'users_view' } },
  { path: 'support.rebuilds', kind: 'query', input: undefined },
  { path: 'support.webhookDeliveries', kind: 'query', input: { filter: 'failed' } },
  { path: 'support.retryDelivery', kind: 'mutation', input: { deliveryId: 'evt_1' } },
  {
    path: 'support.removeAuthenticators',
    kind: 'mutation',
    input: { userId: 'someone', reason: 'Lost phone; identity checked' },
  },
]

async function trpcStatus(procedure: (typeof procedures)[number], token?: string) {
  const headers: Record<string, string> = { 'x-forwarded-for': ip, 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const url = `${baseUrl}/api/trpc/${procedure.path}`
  const response =
    procedure.kind === 'query'
      ? await fetch(
          procedure.input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(procedure.input))}`,
          { headers },
        )
      : await fetch(url, { method: 'POST', headers, body: JSON.stringify(procedure.input) })
  return response.status
}

let userToken: string
beforeAll(async () => {
  const email = `plain-${randomUUID().slice(0, 8)}@example.com`
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Asha', lastName: 'Rao' } }))
  dataOf(
    await api('POST', '/auth/confirm-email', { body: { token: await mailedToken(httpMailbox(baseUrl, ip), email) } }),
  )
  userToken = dataOf<{ tokens: { accessToken: string } }>(
    await api('POST', '/auth/login', { body: { email, password } }),
  ).tokens.accessToken
})

describe("support's replay, rebuild and delivery tools refuse everyone but support staff", () => {
  it.each(operations)('REST $method $path: 401 without a token, 403 for an ordinary person', async (operation) => {
    const anonymous = await api(operation.method, operation.path, operation.body ? { body: operation.body } : {})
    expect(anonymous.status).toBe(401)
    const ordinary = await api(operation.method, operation.path, {
      token: userToken,
      ...(operation.body ? { body: operation.body } : {}),
    })
    expect(ordinary.status).toBe(403)
    expect(ordinary.body).toMatchObject({ success: false, code: 'forbidden' })
  })

  it.each(procedures)('tRPC $path: 401 without a token, 403 for an ordinary person', async (procedure) => {
    expect(await trpcStatus(procedure)).toBe(401)
    expect(await trpcStatus(procedure, userToken)).toBe(403)
  })
})
