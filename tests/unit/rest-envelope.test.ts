import { randomUUID } from 'node:crypto'
import { TRPCError } from '@trpc/server'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createRestHandler } from '#server/rest/create-rest-handler.ts'
import { publicProcedure, router, signedInProcedure } from '#server/trpc/init.ts'
import type { Context } from '#server/trpc/context.ts'
import type { Runtime } from '#server/runtime.ts'
import { systemClock } from '#events/clock.ts'

const runtime = {} as Runtime
const testRouter = router({
  create: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/things/create' } })
    .input(z.object({ name: z.string().min(2), email: z.email() }))
    .output(z.object({ id: z.string(), name: z.string() }))
    .mutation(({ input }) => ({ id: 't-1', name: input.name })),
  mine: signedInProcedure
    .meta({ openapi: { method: 'GET', path: '/things/mine' } })
    .input(z.void())
    .output(z.object({ userId: z.string() }))
    .query(({ ctx }) => ({ userId: ctx.user.id })),
  limited: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/things/limited' } })
    .input(z.void())
    .output(z.object({}))
    .query(() => {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Slow down: try again in a minute' })
    }),
  broken: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/things/broken' } })
    .input(z.void())
    .output(z.object({}))
    .query(() => {
      throw new Error('relation "secret_table" does not exist')
    }),
})

const handle = createRestHandler({
  router: testRouter,
  endpoint: '/api',
  createContext: ({ request }): Promise<Context> =>
    Promise.resolve({
      runtime,
      db: runtime.db,
      clock: systemClock,
      requestId: 'r',
      clientIp: '127.0.0.1',
      fromLoopback: true,
      user:
        request.headers.get('authorization') === 'Bearer good'
          ? { id: 'user-1', role: 'user', sessionId: randomUUID() }
          : null,
    }),
})

const envelope = z.union([
  z.object({ success: z.literal(true), data: z.unknown() }).strict(),
  z.object({ success: z.literal(false), error: z.string().min(1), code: z.string().regex(/^[a-z_]+$/) }).strict(),
])

async function send(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await handle(new Request(`http://localhost/api${path}`, { method, ...init }))
  return { status: response.status, headers: response.headers, body: envelope.parse(await response.json()) }
}

const json = { 'content-type': 'application/json' }

describe('REST envelope', () => {
  it('wraps a success in {success: true, data}', async () => {
    const result = await send('POST', '/things/create', {
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com' }),
      headers: json,
    })
    expect(result).toMatchObject({ status: 200, body: { success: true, data: { id: 't-1', name: 'Ada' } } })
  })

  it('answers 400 naming the bad field', async () => {
    const result = await send('POST', '/things/create', {
      body: JSON.stringify({ name: 'Ada', email: 'nope' }),
      headers: json,
    })
    expect(result.status).toBe(400)
    expect(result.body).toEqual({
      success: false,
      error: expect.stringMatching(/^email: /) as unknown,
      code: 'invalid_request',
    })
  })

  it('answers 400 for malformed JSON', async () => {
    const result = await send('POST', '/things/create', { body: '{"name":', headers: json })
    expect(result).toMatchObject({ status: 400, body: { success: false, error: 'The request body is not valid JSON' } })
  })

  it('answers 415 for a body that is not JSON', async () => {
    const result = await send('POST', '/things/create', { body: 'name=Ada', headers: { 'content-type': 'text/plain' } })
    expect(result.status).toBe(415)
    expect(result.body).toMatchObject({ success: false, error: expect.stringContaining('application/json') as unknown })
  })

  it('answers 401 without a token and the data with one', async () => {
    expect(await send('GET', '/things/mine')).toMatchObject({ status: 401, body: { success: false } })
    const signedIn = await send('GET', '/things/mine', { headers: { authorization: 'Bearer good' } })
    expect(signedIn).toMatchObject({ status: 200, body: { success: true, data: { userId: 'user-1' } } })
  })

  it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
    expect(await send('GET', '/things/unknown')).toMatchObject({ status: 404, body: { success: false } })
    const wrong = await send('DELETE', '/things/create')
    expect(wrong).toMatchObject({ status: 405, body: { success: false } })
    expect(wrong.headers.get('allow')).toBe('POST')
  })

  it('keeps the status and message of deliberate errors such as 429', async () => {
    expect(await send('GET', '/things/limited')).toEqual({
      status: 429,
      headers: expect.any(Headers) as unknown,
      body: { success: false, error: 'Slow down: try again in a minute', code: 'rate_limited' },
    })
  })

  it('answers 500 with a generic message and no internals', async () => {
    const result = await send('GET', '/things/broken')
    expect(result.status).toBe(500)
    expect(result.body).toEqual({ success: false, error: 'Internal server error', code: 'internal_error' })
  })
})
