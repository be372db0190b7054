import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { startThrowawayCluster, type ThrowawayCluster } from '#tests/support/throwaway-cluster.ts'

type Outcome = { status: number; json: boolean; userId?: string | undefined; phase: Phase }
type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'after'

/** Every answer is the JSON envelope; a sign-up's names the new account. */
const registered = z.object({
  success: z.boolean(),
  data: z.object({ user: z.object({ id: z.string() }) }).optional(),
})

const writers = 4
/** Bounds the load whatever happens: every writer stops after this many requests in all. */
const maxRequests = 600
/** Answers to see in each phase before moving on. */
const acknowledgedBefore = 8
const answersWhileDown = 8
const acknowledgedAfter = 8

/**
 * The built server on a PostgreSQL cluster of its own, stopped (fast shutdown: connections
 * terminated mid-transaction) and started again under a steady load of sign-ups.
 */
describe('PostgreSQL stopped and started under write load', () => {
  let cluster: ThrowawayCluster
  let server: RunningServer
  const teardown = suiteTeardown()
  beforeAll(async () => {
    cluster = await startThrowawayCluster()
    teardown.add(() => cluster.destroy())
    server = await startBuiltServer({ DATABASE_URL: cluster.url, TRUST_PROXY: '1' })
    teardown.add(() => server.stop())
  })

  it('answers only 2xx or 503, loses no acknowledged write, and serves again without a restart', async () => {
    const outcomes: Outcome[] = []
    let phase: Phase = 'before'
    let sent = 0
    let waiter: { done: () => boolean; resolve: () => void } | undefined
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        waiter = { done, resolve }
        if (done()) resolve()
      })
    const countIn = (wanted: Phase, acknowledgedOnly: boolean) =>
      outcomes.filter((outcome) => outcome.phase === wanted && (!acknowledgedOnly || outcome.status < 300)).length

    const signUp = async (): Promise<Outcome> => {
      const sentIn = phase
      const response = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        // Each sign-up from its own address, so the per-address abuse limit stays out of the way.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `fault-${randomUUID()}` },
        body: JSON.stringify({
          email: `fault-${randomUUID()}@example.com`,
          password: 'Passw0rd!xyz',
          firstName: 'Fault',
          lastName: 'Tester',
        }),
      })
      const body = registered.safeParse(await response.json().catch(() => undefined))
      // An answer counts in the phase it was sent in: a write sent before the stop may be answered after it.
      return { status: response.status, json: body.success, userId: body.data?.data?.user.id, phase: sentIn }
    }

    const load = Array.from({ length: writers }, async () => {
      while (phase !== 'after' || countIn('after', true) < acknowledgedAfter) {
        if (sent >= maxRequests) return
        sent += 1
        outcomes.push(await signUp())
        if (waiter?.done()) waiter.resolve()
      }
    })

    await until(() => countIn('before', true) >= acknowledgedBefore || sent >= maxRequests)
    phase = 'stopping'
    await cluster.stop()
    phase = 'down'
    await until(() => countIn('down', false) >= answersWhileDown || sent >= maxRequests)
    phase = 'starting'
    await cluster.start()
    phase = 'after'
    await Promise.all(load)

    const tally = new Map<string, number>()
    for (const outcome of outcomes)
      tally.set(`${outcome.phase} ${outcome.status}`, (tally.get(`${outcome.phase} ${outcome.status}`) ?? 0) + 1)
    console.info([...tally].map(([key, count]) => `${key}: ${count}`).join(', '))
    const statuses = [...new Set(outcomes.map((outcome) => outcome.status))].sort()
    expect(statuses.every((status) => (status >= 200 && status < 300) || status === 503)).toBe(true)
    expect(outcomes.every((outcome) => outcome.json)).toBe(true)
    expect(outcomes.filter((outcome) => outcome.phase === 'down').map((outcome) => outcome.status)).toEqual(
      Array.from({ length: countIn('down', false) }, () => 503),
    )
    expect(countIn('after', true)).toBeGreaterThanOrEqual(acknowledgedAfter)

    const acknowledged = outcomes.flatMap((outcome) => (outcome.status < 300 && outcome.userId ? [outcome.userId] : []))
    expect(acknowledged.length).toBe(outcomes.filter((outcome) => outcome.status < 300).length)
    const client = new pg.Client({ connectionString: cluster.url })
    await client.connect()
    try {
      const stored = await client.query<{ user_id: string }>(
        `select distinct user_id from events where type = 'UserRegistered' and user_id = any($1::text[])`,
        [acknowledged],
      )
      expect(stored.rows.map((row) => row.user_id).sort()).toEqual([...new Set(acknowledged)].sort())
    } finally {
      await client.end()
    }
    expect(server.output()).not.toMatch(/uncaught|Internal server error/i)
  })
})
