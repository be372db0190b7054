/**
 * A server whose log already holds an event a projection cannot apply (a NUL sealed into a
 * registration by an older release) still starts and serves; /api/ready says which projection is
 * halted and where, /api/health that the process lives.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { systemClock } from '#events/clock.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore } from '#events/store/event-store.ts'
import type { StoredEvent } from '#events/store/types.ts'
import { registerUser } from '#server/accounts/register-user.ts'
import type { Database } from '#server/db/schema.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { dataOf, errorOf, restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

let database: TestDatabase
let server: RunningServer
let poison: StoredEvent

/** Straight to the store, past the input boundary that refuses such text today. */
async function registerDirectly(lastName: string): Promise<StoredEvent> {
  const store = createEventStore<Database>({ db: database.db, registry: eventRegistry, clock: systemClock })
  const userId = randomUUID()
  const user = {
    userId,
    email: `${userId}@example.test`,
    firstName: 'Eve',
    lastName,
    avatarUrl: null,
    provider: 'password' as const,
    providerUserId: null,
    emailConfirmed: false,
  }
  await store.transaction((tx) => registerUser(tx, user, { actor: { type: 'anonymous' }, userId }))
  const [registered] = await store.readByUser(userId)
  if (!registered) throw new Error('the registration was not written')
  return registered
}

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  await registerDirectly('Before')
  poison = await registerDirectly('x\u0000')
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1' })
  teardown.add(() => server.stop())
})

describe('a server whose log holds an event a projection cannot apply', () => {
  it('starts, logs the halted projection with its position, and answers /api/ready 503 naming it', async () => {
    const response = await fetch(`${server.url}/api/ready`)
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { error } = z
      .object({ success: z.literal(false), error: z.string() })
      .strict()
      .parse(await response.json())
    expect(error).toContain(`users_view at event ${poison.globalPosition} (transaction ${poison.transactionId}`)
    expect(error).toContain('UserRegistered')
    expect(server.output()).toContain('starting with a halted projection')
  })

  it('answers /api/health 200', async () => {
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ success: true, data: { status: 'live' } })
  })

  it('serves pages and the API: a new person signs up and signs in', async () => {
    const page = await fetch(`${server.url}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Interview Helper')
    const api = restClient(server.url)
    expect((await api('GET', '/auth/plans')).status).toBe(200)
    const token = await signedUpUserToken(api, database, { password: 'Passw0rd!xyz' })
    expect(dataOf(await api('GET', '/auth/validate', { token }))).toBeTruthy()
    expect(errorOf(await api('GET', '/ready'))).toContain('users_view')
  })
})

describe('a healthy server', () => {
  it('answers /api/ready 200', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/ready`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ success: true, data: { status: 'ready' } })
  })
})
