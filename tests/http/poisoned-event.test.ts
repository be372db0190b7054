/**
 * A server whose log already holds an event a projection cannot apply (a NUL sealed into a
 * registration by an older release) still starts and serves; /api/ready says which projection is
 * halted and where, /api/health that the process lives.
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import type { StoredEvent } from '#events/store/types.ts'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { readinessChecksSchema } from '#server/health/readiness-checks.ts'
import type { TestDatabase } from '#tests/support/databases.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { dataOf, restClient } from '#tests/support/rest-client.ts'
import type { RunningServer } from '#tests/support/server.ts'
import { serveOnFreshPostgres } from '#tests/support/servers-on-postgres.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

let database: TestDatabase
let server: RunningServer
let poison: StoredEvent
const password = 'Passw0rd!xyz'

const teardown = suiteTeardown()
beforeAll(async () => {
  ;({ database, server } = await serveOnFreshPostgres(teardown, {
    beforeStart: async (created) => {
      await registerDirectly(created, 'Before')
      poison = await registerDirectly(created, 'x\u0000')
    },
  }))
})

describe('a server whose log holds an event a projection cannot apply', () => {
  it('starts, logs the halted projection with its position, and answers /api/ready 503 naming it', async () => {
    const response = await fetch(`${server.url}/api/ready`)
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { error, details } = z
      .object({
        success: z.literal(false),
        error: z.string(),
        code: z.literal('service_unavailable'),
        details: z.object({ status: z.literal('not-ready'), checks: readinessChecksSchema }),
      })
      .strict()
      .parse(await response.json())
    expect(error).toContain(`users_view at event ${poison.globalPosition} (transaction ${poison.transactionId}`)
    expect(error).toContain('UserRegistered')
    expect(details.checks).toMatchObject({ database: 'up', migrations: { current: true }, inngest: 'not-configured' })
    expect(details.checks.projections?.find((projection) => projection.name === 'users_view')?.halted).toMatchObject({
      globalPosition: poison.globalPosition,
      eventType: 'UserRegistered',
    })
    expect(server.output()).toContain('starting with a halted projection')
  })

  it('answers /api/health 200', async () => {
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ success: true, data: { status: 'live' } })
  })

  it('lets support staff see the halted projection over REST and retry it', async () => {
    const api = restClient(server.url)
    const email = `staff-${randomUUID().slice(0, 8)}@example.com`
    await signedUpUserToken(api, database, { password, email })
    await promisify(execFile)(process.execPath, ['scripts/grant-support.ts', email], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'warn' },
    })
    const token = dataOf<{ tokens: { accessToken: string } }>(
      await api('POST', '/auth/login', { body: { email, password } }),
    ).tokens.accessToken
    type Status = {
      name: string
      stuck: { globalPosition: number; eventId: string; error: string; attempts: number } | null
    }
    const { projections } = dataOf<{ projections: Status[] }>(await api('GET', '/support/projections', { token }))
    const usersView = projections.find((projection) => projection.name === 'users_view')
    expect(usersView?.stuck).toMatchObject({
      globalPosition: poison.globalPosition,
      eventId: poison.eventId,
      error: 'invalid byte sequence for encoding "UTF8": 0x00',
    })
    expect(projections.find((projection) => projection.name === 'user_activity')?.stuck).toBeNull()
    const attemptsBefore = usersView?.stuck?.attempts ?? 0
    const retried = dataOf<Status>(await api('POST', '/support/projections/users_view/retry', { token }))
    expect(retried.stuck?.attempts).toBeGreaterThan(attemptsBefore)
    const unknown = await api('POST', '/support/projections/no_such_view/retry', { token })
    expect(unknown.status).toBe(404)
  })

  it('serves pages and the API: a new person signs up and signs in', async () => {
    const page = await fetch(`${server.url}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Interview Helper')
    const api = restClient(server.url)
    expect((await api('GET', '/auth/plans')).status).toBe(200)
    const token = await signedUpUserToken(api, database, { password })
    expect(dataOf(await api('GET', '/auth/validate', { token }))).toBeTruthy()
    expect(JSON.stringify(await (await fetch(`${server.url}/api/ready`)).json())).toContain('users_view')
  })
})

describe('a healthy server', () => {
  it('answers /api/ready 200', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/ready`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toMatchObject({
      success: true,
      data: { status: 'ready', checks: { database: 'up', migrations: { current: true, pending: [] } } },
    })
  })
})
