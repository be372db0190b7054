import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fixedClock } from '#events/clock.ts'
import type { Runtime } from '#server/runtime.ts'
import type { Context, ContextUser } from '#server/trpc/context.ts'
import { createCallerFactory, publicProcedure, router, signedInProcedure, supportProcedure } from '#server/trpc/init.ts'

// The procedure builders never touch the runtime; the context only has to carry a user.
const runtime = {} as Runtime

function contextFor(user: ContextUser | null): Context {
  return {
    runtime,
    db: runtime.db,
    clock: fixedClock('2026-11-21T10:00:00Z'),
    requestId: 'test-request',
    clientIp: '127.0.0.1',
    fromLoopback: true,
    user,
  }
}

const testRouter = router({
  open: publicProcedure.query(() => 'open'),
  mine: signedInProcedure.query(({ ctx }) => ctx.user.id),
  staff: supportProcedure.query(({ ctx }) => `support:${ctx.user.id}`),
  echo: publicProcedure
    .input(z.object({ email: z.email(), count: z.number().int().min(1) }))
    .query(({ input }) => input),
  broken: publicProcedure.query((): string => {
    throw new Error('connection to 10.0.0.5:5432 refused')
  }),
})

const createCaller = createCallerFactory(testRouter)
const anonymous = createCaller(contextFor(null))
const member = createCaller(contextFor({ id: 'user-1', role: 'user', sessionId: randomUUID() }))
const staffMember = createCaller(contextFor({ id: 'staff-1', role: 'support', sessionId: randomUUID() }))

async function errorOf(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}

describe('procedure builders', () => {
  it('publicProcedure answers without a user', async () => {
    await expect(anonymous.open()).resolves.toBe('open')
  })

  it('signedInProcedure answers 401 UNAUTHORIZED without a verified user', async () => {
    expect((await errorOf(anonymous.mine())).code).toBe('UNAUTHORIZED')
  })

  it('signedInProcedure passes the user on', async () => {
    await expect(member.mine()).resolves.toBe('user-1')
  })

  it('supportProcedure answers 401 without a user and 403 FORBIDDEN for a plain user', async () => {
    expect((await errorOf(anonymous.staff())).code).toBe('UNAUTHORIZED')
    expect((await errorOf(member.staff())).code).toBe('FORBIDDEN')
  })

  it('supportProcedure lets support staff through', async () => {
    await expect(staffMember.staff()).resolves.toBe('support:staff-1')
  })
})

describe('error formatter over the tRPC HTTP adapter', () => {
  async function call(path: string, input?: unknown) {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request(`http://localhost/api/trpc/${path}${query}`),
      router: testRouter,
      createContext: () => contextFor(null),
    })
    const body = z
      .object({ error: z.object({ message: z.string(), data: z.record(z.string(), z.unknown()) }) })
      .parse(await response.json())
    return { status: response.status, error: body.error }
  }

  it('turns zod issues into a message naming the fields', async () => {
    const { status, error } = await call('echo', { email: 'not-an-email', count: 0 })
    expect(status).toBe(400)
    expect(error.message).toMatch(/^email: .+; count: .+/)
    expect(error.data.issues).toEqual([
      { path: 'email', message: expect.any(String) as unknown },
      { path: 'count', message: expect.any(String) as unknown },
    ])
  })

  it('hides internal error details and never sends a stack trace', async () => {
    const { status, error } = await call('broken')
    expect(status).toBe(500)
    expect(error.message).toBe('Internal server error')
    expect(JSON.stringify(error)).not.toContain('10.0.0.5')
    expect(error.data).not.toHaveProperty('stack')
  })

  it('keeps the message of deliberate client errors', async () => {
    const { status, error } = await call('mine')
    expect(status).toBe(401)
    expect(error.message).toMatch(/sign in/i)
    expect(error.data).not.toHaveProperty('stack')
  })
})
