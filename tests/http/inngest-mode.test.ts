/**
 * The built server in Inngest mode against a fake of the Inngest server's HTTP protocol
 * (tests/fakes/inngest-server.ts): the app syncs its functions, sends one event per Razorpay
 * delivery with the Razorpay event id as its id, and the fake invokes the functions over signed
 * requests, step by step, with retries and onFailure, as Inngest does.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { readinessChecksSchema } from '#server/health/readiness-checks.ts'
import { hmacSha256Hex } from '#server/payments/signatures.ts'
import { deliveryReceivedEvent } from '#server/payments/webhook-events.ts'
import { inngestSignature, startFakeInngest, type FakeInngest, type FakeRun } from '#tests/fakes/inngest-server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

const app = 'interview-helper'
const deliveryFunction = `${app}-process-razorpay-delivery`
const sweepFunction = `${app}-send-unsent-razorpay-deliveries`

let inngest: FakeInngest
let database: TestDatabase
let server: RunningServer
const teardown = suiteTeardown()

beforeAll(async () => {
  inngest = await startFakeInngest()
  teardown.add(() => inngest.close())
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({
    DATABASE_URL: database.url ?? '',
    TRUST_PROXY: '1',
    INNGEST_EVENT_KEY: inngest.eventKey,
    INNGEST_SIGNING_KEY: inngest.signingKey,
    INNGEST_BASE_URL: inngest.url,
  })
  teardown.add(() => server.stop())
  const sync = await fetch(`${server.url}/api/inngest`, { method: 'PUT' })
  expect(sync.status).toBe(200)
})

/** Waits for the fake to reach a state the app brings about in the background (its sends are not awaited). */
async function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  return vi.waitFor(
    async () => {
      await inngest.idle()
      const value = await read()
      if (!done(value)) throw new Error(`not yet: ${JSON.stringify(value)}`)
      return value
    },
    { timeout: 15_000, interval: 50 },
  )
}

const readyAnswer = z.union([
  z.object({ success: z.literal(true), data: z.object({ status: z.literal('ready'), checks: readinessChecksSchema }) }),
  z.object({
    success: z.literal(false),
    error: z.string(),
    details: z.object({ status: z.literal('not-ready'), checks: readinessChecksSchema }),
  }),
])

async function ready() {
  const response = await fetch(`${server.url}/api/ready`)
  const body = readyAnswer.parse(await response.json())
  return { status: response.status, checks: body.success ? body.data.checks : body.details.checks, body }
}

async function webhook(eventId: string, orderId = `order_elsewhere_${randomBytes(4).toString('hex')}`) {
  const secret = Buffer.from(
    (await readFile(path.join(server.dataDir, 'sandbox-razorpay-webhook-secret'), 'utf8')).trim(),
    'base64url',
  )
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { id: `pay_${randomBytes(5).toString('hex')}`, order_id: orderId, amount: 9900 } } },
  })
  const response = await fetch(`${server.url}/api/webhooks/razorpay`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacSha256Hex(secret, body),
      'x-razorpay-event-id': eventId,
    },
    body,
  })
  expect(response.status).toBe(200)
  return z.object({ data: z.object({ duplicate: z.boolean() }) }).parse(await response.json()).data
}

const deliveryOf = (eventId: string) =>
  database.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow()
const deliveryEvents = (eventId: string) =>
  inngest.events.filter((event) => event.name === deliveryReceivedEvent && event.id === eventId)
const deliveryRuns = (eventId: string) => inngest.runsOf(deliveryFunction).filter((run) => run.event.id === eventId)

describe('the built server in Inngest mode, against a fake Inngest server', () => {
  it('registers every function on sync: one for all projections, one per job, and the per-delivery function with its onFailure', async () => {
    expect(inngest.registrations).toHaveLength(1)
    expect(inngest.registrations[0]).toMatchObject({ appName: app, url: `${server.url}/api/inngest` })
    const { checks } = await ready()
    expect((checks.projections ?? []).length).toBeGreaterThan(5)
    // Every projection runs in one function, from one batch read of the log per run.
    const projections = [`${app}-project-views`]
    const jobs = [
      'deliver-mail',
      'send-unsent-razorpay-deliveries',
      'expire-subscriptions',
      'expire-orders',
      'prune-rate-limits',
      'prune-idempotency-keys',
    ]
    expect(
      inngest
        .functions()
        .map((fn) => fn.id)
        .sort(),
    ).toEqual(
      [...projections, ...jobs.map((job) => `${app}-${job}`), deliveryFunction, `${deliveryFunction}-failure`].sort(),
    )
    const delivery = inngest.functions().find((fn) => fn.id === deliveryFunction)
    expect(delivery?.triggers).toEqual([{ event: deliveryReceivedEvent }])
    expect(delivery?.steps.step?.retries).toEqual({ attempts: 14 })
    expect(inngest.functions().find((fn) => fn.id === sweepFunction)?.triggers).toEqual([{ cron: '* * * * *' }])
    expect(inngest.functions().find((fn) => fn.id === `${app}-expire-orders`)?.triggers).toEqual([
      { cron: '* * * * *' },
    ])
  })

  it('sends a delivery as one event whose id is the Razorpay event id, processed by one run in a memoised step', async () => {
    const eventId = `evt_${randomBytes(6).toString('hex')}`
    expect(await webhook(eventId)).toEqual({ duplicate: false })
    const runs = await eventually(
      () => deliveryRuns(eventId),
      (found) => found.length === 1 && found[0]?.status === 'completed',
    )
    expect(deliveryEvents(eventId)).toEqual([expect.objectContaining({ data: { deliveryId: eventId } })])
    expect(runs).toHaveLength(1)
    // The step's answer (206 with its op), then the run again with the step memoised (200).
    expect(runs[0]?.requests).toEqual([
      { attempt: 0, status: 206, ops: ['StepRun'] },
      { attempt: 0, status: 200, ops: [] },
    ])
    expect(runs[0]?.output).toEqual({ deliveryId: eventId, outcome: 'ignored', detail: 'unknown order' })
    const stored = await deliveryOf(eventId)
    expect(stored).toMatchObject({ outcome: 'ignored', attempts: 1 })
    expect(stored.event_sent_at).not.toBeNull()

    // Razorpay delivering the same event again stores nothing and sends nothing.
    expect(await webhook(eventId)).toEqual({ duplicate: true })
    // Sending the same event id again (the sweep, after an operator reset it) starts no second run.
    await database.db
      .updateTable('webhook_deliveries')
      .set({ outcome: null, event_sent_at: null, next_attempt_at: new Date() })
      .where('event_id', '=', eventId)
      .execute()
    const sweep = inngest.fireCron(sweepFunction)
    await eventually(
      () => deliveryEvents(eventId).length,
      (count) => count === 2,
    )
    expect(sweep.status).toBe('completed')
    expect(deliveryEvents(eventId)).toHaveLength(2)
    expect(deliveryRuns(eventId)).toHaveLength(1)
    expect(inngest.problems).toEqual([])
  })

  it('re-sends, from the cron fallback, a delivery whose event never reached Inngest, and only that one', async () => {
    const eventId = `evt_lost_${randomBytes(6).toString('hex')}`
    inngest.refuseEvents(true)
    try {
      await webhook(eventId)
      await eventually(
        () => server.output(),
        (output) => output.includes('could not send a webhook delivery to Inngest'),
      )
    } finally {
      inngest.refuseEvents(false)
    }
    expect(await deliveryOf(eventId)).toMatchObject({ outcome: null, event_sent_at: null })
    expect(deliveryRuns(eventId)).toEqual([])
    const sweep = inngest.fireCron(sweepFunction)
    const runs = await eventually(
      () => deliveryRuns(eventId),
      (found) => found[0]?.status === 'completed',
    )
    expect(sweep).toMatchObject({ status: 'completed' })
    expect(runs).toHaveLength(1)
    expect(await deliveryOf(eventId)).toMatchObject({ outcome: 'ignored' })
    const again = inngest.fireCron(sweepFunction)
    await eventually(
      () => again.status,
      (status) => status === 'completed' || status === 'failed',
    )
    expect(again.output).toEqual({ sent: 0 })
  })

  it('retries a failing delivery with its error, attempt after attempt, and ends it failed through onFailure', async () => {
    const eventId = `evt_doomed_${randomBytes(6).toString('hex')}`
    // The database refuses to record this delivery's outcome: every attempt fails, with that message.
    await sql`
      create function refuse_doomed_outcome() returns trigger language plpgsql as $$
      begin
        if new.event_id like 'evt_doomed_%' and new.outcome in ('ignored', 'processed') then
          raise exception 'outcome refused for the test';
        end if;
        return new;
      end $$;
      create trigger refuse_doomed_outcome before update on webhook_deliveries
        for each row execute function refuse_doomed_outcome();
    `.execute(database.db)
    await webhook(eventId)
    const runs = await eventually(
      () => deliveryRuns(eventId),
      (found) => found[0]?.status === 'failed',
    )
    const run: FakeRun | undefined = runs[0]
    expect(run?.status).toBe('failed')
    // 15 attempts of the step (the last one final), then the function answers the error without retry.
    expect(run?.requests.map((request) => request.ops.join() || String(request.status))).toEqual([
      ...Array.from({ length: 14 }, () => 'StepError'),
      'StepFailed',
      '400',
    ])
    expect(run?.requests.map((request) => request.attempt).slice(0, 15)).toEqual(
      Array.from({ length: 15 }, (_, i) => i),
    )
    expect(run?.error).toMatchObject({ message: expect.stringContaining('outcome refused for the test') as unknown })
    const failure = await eventually(
      () =>
        inngest.runsOf(`${deliveryFunction}-failure`).filter((candidate) => candidate.event.data.run_id === run?.id),
      (found) => found[0]?.status === 'completed',
    )
    expect(failure).toHaveLength(1)
    expect(await deliveryOf(eventId)).toMatchObject({
      outcome: 'failed',
      attempts: 15,
      last_error: 'outcome refused for the test',
      next_attempt_at: null,
    })
    // Nothing comes back through the cron: the sweep sends only deliveries that never reached Inngest.
    const sweep = inngest.fireCron(sweepFunction)
    await eventually(
      () => sweep.status,
      (status) => status === 'completed',
    )
    expect(deliveryRuns(eventId)).toHaveLength(1)
  })

  it('keeps projections caught up through the projector functions woken by the events the app sends', async () => {
    const projectors = inngest.functions().filter((fn) => fn.id.startsWith(`${app}-project-`))
    const applied = async () =>
      (
        await database.db
          .selectFrom('projection_checkpoints')
          .select('events_applied')
          .where('name', '=', 'users_view')
          .executeTakeFirstOrThrow()
      ).events_applied
    const appliedBefore = await applied()
    const runsBefore = inngest.runs.length
    await signedUpUserToken(restClient(server.url), database, { password: 'Passw0rd!xyz' })
    await inngest.idle()
    const woken = inngest.runs.slice(runsBefore).filter((run) => run.event.name === 'store/events.appended')
    expect(new Set(woken.map((run) => run.functionId))).toEqual(new Set(projectors.map((fn) => fn.id)))
    expect(woken.every((run) => run.status === 'completed')).toBe(true)
    expect(await applied()).toBeGreaterThan(appliedBefore)
    // Events of a transaction that was still open beside a newer one wait for the next wake-up or
    // the one-minute cron (decision 0003); fired here as Inngest would, they bring every view level.
    for (const fn of projectors) inngest.fireCron(fn.id)
    await inngest.idle()
    const { checks } = await ready()
    expect(checks.projections?.map((projection) => projection.behind)).toEqual(checks.projections?.map(() => 0))
    expect(inngest.problems).toEqual([])
  })

  it('refuses an invocation with a bad signature or none (401) and runs nothing', async () => {
    const url = `${server.url}/api/inngest?fnId=${deliveryFunction}&stepId=step`
    const body = JSON.stringify({
      ctx: { attempt: 0, run_id: 'forged' },
      event: { data: { deliveryId: 'evt_forged' }, name: deliveryReceivedEvent },
      events: [],
      steps: {},
      version: -1,
    })
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-inngest-signature': inngestSignature(`signkey-test-${randomBytes(32).toString('hex')}`, body),
      },
      body,
    })
    expect(forged.status).toBe(401)
    const unsigned = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect(unsigned.status).toBe(401)
    expect(
      await database.db
        .selectFrom('webhook_deliveries')
        .select('event_id')
        .where('event_id', '=', 'evt_forged')
        .execute(),
    ).toEqual([])
  })

  it('is ready while the Inngest server answers, and 503 naming Inngest once it does not', async () => {
    expect(await ready()).toMatchObject({ status: 200, checks: { inngest: 'up' } })
    await inngest.close()
    const down = await ready()
    expect(down).toMatchObject({ status: 503, checks: { database: 'up', inngest: 'down' } })
    expect(down.body).toMatchObject({ success: false, error: 'Inngest is not reachable' })
  })
})
