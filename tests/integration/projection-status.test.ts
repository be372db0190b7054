import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { readiness } from '#server/health/readiness.ts'
import type { Context } from '#server/trpc/context.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { supportRouter } from '#server/trpc/routers/support.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('support sees a halted projection and retries it; readiness reports it', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
  })

  const callerAs = (role: 'support' | 'user') => {
    const { runtime } = test
    const context: Context = {
      runtime,
      db: runtime.db,
      clock: runtime.clock,
      requestId: 'test-request',
      clientIp: '127.0.0.1',
      fromLoopback: true,
      user: { id: randomUUID(), role, sessionId: randomUUID() },
    }
    return createCallerFactory(supportRouter)(context)
  }

  const register = async (lastName: string) => {
    const registered = await registerDirectly({ store: test.runtime.store }, lastName)
    await test.runtime.jobs.settled()
    return registered
  }

  it('lists every projection up to date, and readiness says ready, while nothing is halted', async () => {
    await register('Fine')
    const { projections } = await callerAs('support').projections()
    expect(projections.map((projection) => projection.name)).toEqual(test.runtime.projections.names)
    expect(projections.every((projection) => projection.stuck === null)).toBe(true)
    expect((await readiness(test.runtime)).ready).toBe(true)
  })

  it('shows the halted projection with the event, its error and attempts, and retries it on request', async () => {
    const poison = await register('x\u0000')
    const staff = callerAs('support')
    const { projections } = await staff.projections()
    const usersView = projections.find((projection) => projection.name === 'users_view')
    expect(usersView?.stuck).toMatchObject({
      transactionId: poison.transactionId,
      globalPosition: poison.globalPosition,
      eventId: poison.eventId,
      eventType: 'UserRegistered',
      streamId: poison.streamId,
      error: 'invalid byte sequence for encoding "UTF8": 0x00',
      attempts: 1,
    })
    expect(usersView?.checkpoint.globalPosition).toBeLessThan(poison.globalPosition)
    const activity = projections.find((projection) => projection.name === 'user_activity')
    expect(activity).toMatchObject({ stuck: null, checkpoint: { globalPosition: poison.globalPosition } })

    const ready = await readiness(test.runtime)
    expect(ready.ready).toBe(false)
    const reason = ready.problems.join('; ')
    expect(reason).toContain(`users_view at event ${poison.globalPosition} (transaction ${poison.transactionId}`)
    expect(reason).not.toContain('0x00')
    expect(ready.checks.projections?.find((projection) => projection.name === 'users_view')).toMatchObject({
      halted: {
        globalPosition: poison.globalPosition,
        transactionId: poison.transactionId,
        eventType: 'UserRegistered',
      },
    })

    const retried = await staff.retryProjection({ name: 'users_view' })
    expect(retried).toMatchObject({ name: 'users_view', stuck: { eventId: poison.eventId, attempts: 2 } })
  })

  it('refuses an unknown projection with 404 and anyone but support staff with 403', async () => {
    const unknown = await callerAs('support')
      .retryProjection({ name: 'no_such_view' })
      .catch((error: unknown) => error)
    expect(unknown).toBeInstanceOf(TRPCError)
    expect((unknown as TRPCError).code).toBe('NOT_FOUND')
    const member = callerAs('user')
    await expect(member.projections()).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(member.retryProjection({ name: 'users_view' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})
