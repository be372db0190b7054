import { beforeAll, describe, expect, it } from 'vitest'
import type { Runtime } from '#server/runtime.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { supportRouter } from '#server/trpc/routers/support.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

const staff = (runtime: Runtime) =>
  createCallerFactory(supportRouter)({
    runtime,
    db: runtime.db,
    clock: runtime.clock,
    requestId: 'test-request',
    clientIp: '127.0.0.1',
    fromLoopback: true,
    user: { id: 'staff-1', role: 'support', sessionId: 'session-1' },
  })

describe("support sees each projection's lag in events and seconds, and its last error", () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
  })

  const register = async (lastName: string) => {
    const registered = await registerDirectly({ store: test.runtime.store }, lastName, test.clock)
    await test.runtime.jobs.settled()
    return registered
  }

  it('reports nothing behind while every projection is caught up', async () => {
    await register('Fine')
    const { projections } = await staff(test.runtime).projections()
    for (const projection of projections)
      expect(projection).toMatchObject({ behindEvents: 0, behindSeconds: 0, lastError: null })
    expect(projections.find((projection) => projection.name === 'contact_mail')?.rebuildable).toBe(false)
    expect(projections.find((projection) => projection.name === 'users_view')?.rebuildable).toBe(true)
  })

  it('counts the events a halted projection has not applied, and how long the oldest has waited', async () => {
    await register('x\u0000')
    test.clock.advance(30_000)
    await register('Waiting')
    test.clock.advance(90_000)
    const { projections } = await staff(test.runtime).projections()
    expect(projections.find((projection) => projection.name === 'users_view')).toMatchObject({
      behindEvents: 2,
      behindSeconds: 120,
      lastError: 'invalid byte sequence for encoding "UTF8": 0x00',
    })
    expect(projections.find((projection) => projection.name === 'user_activity')).toMatchObject({
      behindEvents: 0,
      behindSeconds: 0,
      lastError: null,
    })
  })
})
