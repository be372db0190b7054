import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { accountLimits } from '#server/accounts/rate-limiter.ts'
import { formatFigures, recordFigures } from '#scripts/soak/figures.ts'
import { startMixedLoad, type MixedLoad, type Sample } from '#scripts/soak/mixed-load.ts'
import { loopbackAddress, proxyClient } from '#scripts/soak/proxy-client.ts'
import { readServerSentEvents } from '#src/interview/sse-reader.ts'
import { fakeReply, startFakeOpenAiServer } from '#tests/fakes/openai-server.ts'
import { startProxiedReplicas, type ProxiedReplicas } from '#tests/support/proxied-replicas.ts'
import { rawRequest } from '#tests/support/raw-http.ts'
import { testClientIp } from '#tests/support/rest-client.ts'
import { restCustomer, restCustomerPassword } from '#tests/support/rest-customer.ts'
import { adminQuery } from '#tests/support/databases.ts'
import { startBuiltServer } from '#tests/support/server.ts'
import { openDatabase } from '#server/db/open-database.ts'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { databaseMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { liveAndRebuiltViews } from '#tests/support/settled-views.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { expectAcknowledgedStored } from '#tests/support/acknowledged-writes.ts'

const model = 'fake-chat'
const refusal = z.object({ success: z.literal(false), error: z.string(), code: z.string() })
const heldQuestion = 'What is a closure?'
/** Workers of the steady load: people working at once through the proxy, each on its own address. */
const workers = 4
/** The short soak: a few intervals of the same load and figures as `npm run soak`. */
const soakIntervals = 4
const soakIntervalMs = 5_000
/** Answers to see between two steps of a fault, so each step happens under load. */
const answersBetweenSteps = 30

/**
 * The production shape on this machine: the repository's own deploy/Caddyfile run by Debian's
 * Caddy in front of two built replicas on one PostgreSQL database, everything through the proxy.
 */
describe('deploy/Caddyfile in front of two replicas', () => {
  let stack: ProxiedReplicas
  let settings: Record<string, string> = {}
  let release: () => void = () => undefined
  const teardown = suiteTeardown()
  beforeAll(async () => {
    const fake = await startFakeOpenAiServer()
    teardown.add(() => fake.close())
    settings = {
      AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: fake.apiKey,
      AI_MODEL: model,
      PROJECTION_POLL_MS: '200',
    }
    stack = await startProxiedReplicas({ count: 2, env: settings })
    teardown.add(() => stack.stop())
    const held = new Promise((resolve) => {
      release = () => resolve(undefined)
    })
    // The streamed question's answer waits after its first words until the test releases it.
    const streamed = fakeReply.text('A closure keeps its scope.', {
      chunks: ['A closure', ' keeps', ' its scope.'],
      holdAfterChunks: { count: 1, until: held },
    })
    const answer = fakeReply.text('Chaining: each bucket keeps a list of the entries that hash to it.')
    fake.setModel(model, (call) => (JSON.stringify(call.chat?.messages).includes(heldQuestion) ? streamed : answer))
  })

  const logs = () =>
    [
      `proxy:\n${stack.proxy.output().slice(-3000)}`,
      ...stack.replicas.map((replica, n) => `replica ${n}:\n${replica.output().slice(-3000)}`),
    ].join('\n')

  const load = (firstAddress: number) =>
    startMixedLoad({
      baseUrl: stack.proxy.url,
      workers,
      firstAddress,
      confirmationToken: (email) => confirmationMail(stack, email),
    })

  /** Resolves once `count` more answers than now were recorded; fails when the load stalls for a minute. */
  async function answersFrom(running: MixedLoad, count: number) {
    const target = running.samples.length + count
    let seen = running.samples.length
    let stalledSince = Date.now()
    while (running.samples.length < target) {
      if (running.samples.length > seen) [seen, stalledSince] = [running.samples.length, Date.now()]
      if (Date.now() - stalledSince > 60_000)
        throw new Error(`the load stalled:\n${running.failures.join('\n')}\n${logs()}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  it('counts rate limits per real client address and ignores the X-Forwarded-For a client sends', async () => {
    const limit = accountLimits.signUpPerAddress.limit
    const client = proxyClient(stack.proxy.url, loopbackAddress(1))
    const neighbour = proxyClient(stack.proxy.url, loopbackAddress(2))
    const signUp = (api: typeof client) =>
      api.call('POST', '/auth/register', {
        // A forged address on every request: were it believed, no two sign-ups would share a bucket.
        headers: { 'x-forwarded-for': testClientIp() },
        body: {
          email: `proxy-${randomBytes(6).toString('hex')}@example.com`,
          password: 'Passw0rd!xyz',
          firstName: 'Asha',
          lastName: 'Rao',
        },
      })
    const statuses: number[] = []
    for (let n = 0; n <= limit; n += 1) statuses.push((await signUp(client)).status)
    expect(statuses).toEqual([...Array.from({ length: limit }, () => 200), 429])
    // Another address behind the same proxy has its own bucket.
    expect((await signUp(neighbour)).status).toBe(200)
    client.close()
    neighbour.close()
  })

  it('streams a question answer event by event: the first delta arrives while the model still writes', async () => {
    const ip = testClientIp()
    const { accessToken } = await restCustomer(stack.replicas[0]?.url ?? '', ip)
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }
    const session = await fetch(`${stack.proxy.url}/api/interview/session/start`, {
      method: 'POST',
      headers,
      body: '{}',
    })
    expect(session.status).toBe(200)
    const response = await fetch(`${stack.proxy.url}/api/interview/question/stream`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: heldQuestion }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    if (!response.body) throw new Error('the answer has no body')
    const events = readServerSentEvents(response.body)[Symbol.asyncIterator]()
    // The model holds the rest until released: this read returns only if the proxy passed the first event on.
    const first = await events.next()
    expect(first.value).toEqual({ event: 'delta', data: JSON.stringify({ text: 'A closure' }) })
    release()
    const rest: string[] = []
    for (let next = await events.next(); next.done !== true; next = await events.next()) rest.push(next.value.event)
    expect(rest.at(-1)).toBe('done')
  })

  it('answers a body over the limits 413 in the JSON envelope, beyond the proxy’s own cap too', async () => {
    // Over the app's route limit and under the proxy's 11 MB the app answers; a body declared over
    // 11 MB is answered by the proxy itself, on every route (the streaming ones too), before any
    // replica reads it: streamed on, the cap cut the upload while the app's 413 was on its way.
    const over = [
      { path: '/api/auth/login', size: 200 * 1024 },
      { path: '/api/auth/login', size: 12 * 1024 * 1024 },
      { path: '/api/interview/audio-question', size: 12 * 1024 * 1024 },
      { path: '/api/interview/utterances', size: 12 * 1024 * 1024 },
    ]
    for (const { path, size } of over) {
      const answer = await rawRequest(`${stack.proxy.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'x'.repeat(size) }),
      })
      expect(answer.status, path).toBe(413)
      expect(refusal.parse(JSON.parse(answer.body.toString())).code).toBe('payload_too_large')
    }
    // The proxy still serves.
    expect((await fetch(`${stack.proxy.url}/api/health`)).status).toBe(200)
  })

  it('restarts each replica in turn (SIGTERM) under load with no failed request and nothing acknowledged lost', async () => {
    const running = load(100)
    await answersFrom(running, answersBetweenSteps)
    for (const index of [0, 1]) {
      await stack.replicas[index]?.stop()
      await answersFrom(running, answersBetweenSteps)
      const restarted = await stack.restart(index)
      // As an operator does: the next replica stops only once the proxy sends this one requests again.
      await stack.proxy.routesTo(new URL(restarted.url).host)
      await answersFrom(running, answersBetweenSteps)
    }
    const result = await running.stop()
    const refused = result.samples.filter((sample) => sample.status < 200 || sample.status >= 300)
    console.info(`rolling restart: ${tally(result.samples)}`)
    expect(result.failures).toEqual([])
    expect(refused).toEqual([])
    await expectAcknowledgedStored(stack.database.db, result.acknowledged, logs)
    const { live, rebuilt } = await liveAndRebuiltViews(stack.database.db, logs)
    expect(rebuilt).toEqual(live)
  })

  it('routes around a replica killed with SIGKILL under load and loses nothing acknowledged', async () => {
    const running = load(10_000)
    await answersFrom(running, answersBetweenSteps)
    const killed = stack.replicas[1]
    killed?.signal('SIGKILL')
    expect(await killed?.exited).toEqual({ code: null, signal: 'SIGKILL' })
    await answersFrom(running, answersBetweenSteps * 2)
    await stack.restart(1)
    await answersFrom(running, answersBetweenSteps)
    const result = await running.stop()
    console.info(`SIGKILL: ${tally(result.samples)}`)
    // Only what was in flight on the killed replica may go without a 2xx: a write the client cannot
    // repeat (502); one whose repeat waits for the dead replica's claim of its Idempotency-Key
    // (given up after the client's repeat budget); or one whose repeat took that claim over and
    // found its write committed: 500, carried out but its answer lost. At most one per worker.
    console.info(`SIGKILL, unanswered: ${JSON.stringify(result.failures)}`)
    const refused = result.samples.filter((answer) => answer.status < 200 || answer.status >= 300)
    expect(result.failures.length).toBeLessThanOrEqual(workers)
    for (const sample of refused) expect([500, 502]).toContain(sample.status)
    for (const failure of result.failures.filter((failure) => failure.includes(': 500 ')))
      expect(failure).toContain('internal_error')
    await expectAcknowledgedStored(stack.database.db, result.acknowledged, logs)
    const { live, rebuilt } = await liveAndRebuiltViews(stack.database.db, logs)
    expect(rebuilt).toEqual(live)
  })

  it('restores a dump taken under load: the restored server serves, its views equal a rebuild, the erased stay erased', async () => {
    // Two people delete their accounts before the dump.
    const erased = await Promise.all(
      [0, 1].map(async () => {
        const person = await restCustomer(stack.replicas[0]?.url ?? '', testClientIp())
        const deleted = await fetch(`${stack.proxy.url}/api/account/delete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${person.accessToken}` },
          body: JSON.stringify({ confirm: 'DELETE', password: restCustomerPassword }),
        })
        expect(deleted.status).toBe(200)
        return person.email
      }),
    )
    const running = load(30_000)
    await answersFrom(running, answersBetweenSteps)
    const target = `ih_restored_${randomBytes(6).toString('hex')}`
    const drill = await runScript('scripts/backup-restore.sh', [stack.database.url, target])
    teardown.add(() => adminQuery(`drop database if exists ${target} with (force)`))
    await answersFrom(running, answersBetweenSteps)
    const result = await running.stop()
    console.info(`backup under load: ${drill.trim()}; ${tally(result.samples)}`)
    expect(result.failures).toEqual([])

    const restoredUrl = new URL(stack.database.url)
    restoredUrl.pathname = `/${target}`
    const restored = openDatabase({ kind: 'postgres', url: restoredUrl.toString() })
    teardown.add(() => restored.close())
    const server = await startBuiltServer({ ...settings, DATABASE_URL: restoredUrl.toString(), TRUST_PROXY: '1' })
    teardown.add(() => server.stop())
    const { live, rebuilt } = await liveAndRebuiltViews(restored.db, () => server.output())
    expect(rebuilt).toEqual(live)
    for (const email of erased) {
      const signIn = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': testClientIp() },
        body: JSON.stringify({ email, password: restCustomerPassword }),
      })
      expect(signIn.status).toBe(401)
      expect(await restored.db.selectFrom('users_view').select('user_id').where('email', '=', email).execute()).toEqual(
        [],
      )
      expect(await restored.db.selectFrom('user_emails').selectAll().where('email', '=', email).execute()).toEqual([])
    }
  })

  it('runs the soak for a few intervals with its figures (the full run is npm run soak)', async () => {
    const running = load(20_000)
    const figures = recordFigures({
      samples: running.samples,
      pids: () => stack.replicas.map((replica) => replica.pid),
      db: stack.database.db,
      intervalMs: soakIntervalMs,
      onInterval: (interval) => console.info(`soak ${formatFigures(interval)}`),
    })
    await new Promise((resolve) => setTimeout(resolve, soakIntervals * soakIntervalMs + soakIntervalMs / 2))
    const intervals = await figures.stop()
    const result = await running.stop()
    expect(result.failures).toEqual([])
    expect(intervals).toHaveLength(soakIntervals)
    for (const interval of intervals) {
      expect(interval.non2xx).toBe(0)
      expect(interval.rssMb.every((megabytes) => megabytes > 0)).toBe(true)
      expect(interval.descriptors.every((count) => count > 0)).toBe(true)
    }
  })
})

/**
 * The confirmation link mailed to `email`: mail goes out after the sign-up committed, from the
 * outbox of whichever replica gets to it, so it may take a while when a replica was just stopped.
 */
async function confirmationMail(stack: ProxiedReplicas, email: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const token = await mailedToken(databaseMailbox(stack.database), email)
    if (token) return token
  }
  return undefined
}

/** Runs one of the repository's scripts; answers what it printed. */
async function runScript(script: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(path.join(projectRoot, script), args, { cwd: projectRoot })
  return stdout
}

/** How many answers of each kind and status, and how many needed a repeat. */
function tally(samples: Sample[]): string {
  const counts = new Map<string, number>()
  for (const sample of samples)
    counts.set(`${sample.name} ${sample.status}`, (counts.get(`${sample.name} ${sample.status}`) ?? 0) + 1)
  const repeated = samples.filter((sample) => sample.attempts > 1).length
  return `${[...counts].map(([key, n]) => `${key}: ${n}`).join(', ')}; answered after a repeat: ${repeated}`
}
