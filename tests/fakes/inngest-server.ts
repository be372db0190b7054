/**
 * A local fake of the Inngest server's HTTP protocol, as the inngest 4.x SDK speaks it (read from
 * node_modules/inngest: InngestCommHandler, helpers/net, helpers/functions, execution/engine):
 *
 * - sync: the app's PUT /api/inngest makes the SDK POST its functions to `/fn/register`, with
 *   `Authorization: Bearer signkey-…-<sha256 of the key's bytes>`;
 * - events: the SDK POSTs an array of events to `/e/<event key>` and expects `{ids, status: 200}`;
 *   an event whose `id` was seen before is accepted but starts no run (Inngest's de-duplication);
 * - runs: each function whose trigger matches is invoked at its registered URL
 *   (`?fnId=…&stepId=step`) with a body `{event, events, steps, ctx, version}` signed in
 *   `X-Inngest-Signature: t=<unix s>&s=<HMAC-SHA256(key without prefix, body + t)>` over the
 *   canonical JSON; a 206 answer lists step ops: `StepRun` is memoised and the function invoked
 *   again with it, `StepError` retries the step with the next attempt, `StepFailed` memoises the
 *   error, `StepPlanned` invokes the named step; 200 completes the run; any other status fails the
 *   attempt, retried until `retries` + 1 attempts unless `X-Inngest-No-Retry: true`;
 * - a run that fails for good emits `inngest/function.failed` (which runs `onFailure` handlers);
 * - cron triggers run only when a test fires them; `GET /health` answers 200.
 *
 * It retries at once (Inngest waits with backoff) and honours `concurrency.limit` per function.
 * Anything else the SDK may send (sleeps, waits, invokes) fails the run with a clear error.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

const registeredFunction = z.object({
  id: z.string(),
  name: z.string().optional(),
  triggers: z.array(
    z.object({ event: z.string().optional(), expression: z.string().optional(), cron: z.string().optional() }),
  ),
  steps: z.record(
    z.string(),
    z.object({ runtime: z.object({ url: z.string() }), retries: z.object({ attempts: z.number() }).optional() }),
  ),
  concurrency: z.union([z.number(), z.object({ limit: z.number() }).loose()]).optional(),
})
export type RegisteredFunction = z.infer<typeof registeredFunction>

const registration = z.object({
  url: z.string(),
  appName: z.string(),
  framework: z.string(),
  sdk: z.string(),
  deployType: z.literal('ping'),
  functions: z.array(registeredFunction),
})

const sentEvent = z.object({
  name: z.string(),
  id: z.string().optional(),
  data: z.record(z.string(), z.unknown()).default({}),
  ts: z.number().optional(),
})
export type FakeEvent = { name: string; id: string; data: Record<string, unknown>; ts: number }

const outgoingOp = z
  .object({ id: z.string(), op: z.string(), data: z.unknown().optional(), error: z.unknown().optional() })
  .loose()

type FakeRequest = { attempt: number; status: number; ops: string[] }
export type FakeRun = {
  id: string
  functionId: string
  event: FakeEvent
  status: 'queued' | 'running' | 'completed' | 'failed'
  output?: unknown
  error?: unknown
  requests: FakeRequest[]
}

/** Inngest's default when a function sets no retries. */
const defaultRetries = 3
const failedEvent = 'inngest/function.failed'

/** RFC 8785-style canonical JSON (sorted keys), what the SDK's `canonicalize` makes of a parsed body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`)
      .join(',')}}`
  return JSON.stringify(value)
}

const withoutPrefix = (key: string) => key.replace(/^signkey-\w+-/, '')
const hmac = (key: string, text: string) => createHmac('sha256', withoutPrefix(key)).update(text).digest('hex')

/** The header the SDK verifies: HMAC over the body and the timestamp. */
export function inngestSignature(signingKey: string, body: string, at = new Date()): string {
  const ts = Math.round(at.getTime() / 1000).toString()
  return `t=${ts}&s=${hmac(signingKey, body + ts)}`
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

export type FakeInngest = Awaited<ReturnType<typeof startFakeInngest>>

export async function startFakeInngest() {
  const signingKey = `signkey-test-${randomBytes(32).toString('hex')}`
  const eventKey = `event-key-${randomBytes(8).toString('hex')}`
  const hashedSigningKey = `signkey-test-${createHash('sha256')
    .update(Buffer.from(withoutPrefix(signingKey), 'hex'))
    .digest('hex')}`
  const functions = new Map<string, RegisteredFunction>()
  const events: FakeEvent[] = []
  const seenEventIds = new Set<string>()
  const runs: FakeRun[] = []
  const registrations: z.infer<typeof registration>[] = []
  const active = new Map<string, number>()
  const waiting = new Map<string, (() => void)[]>()
  const inFlight = new Set<Promise<void>>()
  const problems: string[] = []
  let refusingEvents = false

  const concurrencyOf = (fn: RegisteredFunction) =>
    typeof fn.concurrency === 'number' ? fn.concurrency : fn.concurrency?.limit

  async function slot(fn: RegisteredFunction): Promise<() => void> {
    const limit = concurrencyOf(fn)
    if (limit !== undefined) {
      while ((active.get(fn.id) ?? 0) >= limit)
        await new Promise<void>((resolve) => waiting.set(fn.id, [...(waiting.get(fn.id) ?? []), resolve]))
    }
    active.set(fn.id, (active.get(fn.id) ?? 0) + 1)
    return () => {
      active.set(fn.id, (active.get(fn.id) ?? 1) - 1)
      const [next, ...rest] = waiting.get(fn.id) ?? []
      waiting.set(fn.id, rest)
      next?.()
    }
  }

  /** Only the one expression form the SDK generates for onFailure handlers. */
  function matches(expression: string | undefined, event: FakeEvent): boolean {
    if (!expression) return true
    const equality = /^event\.data\.function_id == '([^']*)'$/.exec(expression)
    if (!equality) throw new Error(`The fake Inngest server cannot evaluate the expression ${expression}`)
    return event.data.function_id === equality[1]
  }

  function accept(event: FakeEvent): void {
    events.push(event)
    if (seenEventIds.has(event.id)) return
    seenEventIds.add(event.id)
    for (const fn of functions.values())
      if (fn.triggers.some((trigger) => trigger.event === event.name && matches(trigger.expression, event)))
        start(fn, event)
  }

  function start(fn: RegisteredFunction, event: FakeEvent): FakeRun {
    const run: FakeRun = { id: randomUUID(), functionId: fn.id, event, status: 'queued', requests: [] }
    runs.push(run)
    const execution = execute(fn, run).catch((error: unknown) => {
      problems.push(`run ${run.id} of ${fn.id}: ${String(error)}`)
      run.status = 'failed'
      run.error = String(error)
    })
    inFlight.add(execution)
    void execution.finally(() => inFlight.delete(execution))
    return run
  }

  async function invoke(fn: RegisteredFunction, run: FakeRun, state: InvocationState) {
    const step = fn.steps.step
    if (!step) throw new Error(`function ${fn.id} has no step`)
    const url = new URL(step.runtime.url)
    if (state.plannedStep) url.searchParams.set('stepId', state.plannedStep)
    const body = canonicalJson({
      event: run.event,
      events: [run.event],
      steps: state.steps,
      ctx: {
        run_id: run.id,
        fn_id: state.internalFnId,
        attempt: state.attempt,
        max_attempts: state.maxAttempts,
        disable_immediate_execution: state.plannedStep !== undefined,
        use_api: false,
        stack: { stack: state.stack, current: state.stack.length },
      },
      version: state.version,
    })
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-inngest-signature': inngestSignature(signingKey, body) },
      body,
    })
    const text = await response.text()
    verifyResponseSignature(response, text)
    const version = Number(response.headers.get('x-inngest-req-version'))
    if (Number.isInteger(version) && version > 0) state.version = version
    return { response, text }
  }

  /** The SDK signs its answers with the key that verified the request. */
  function verifyResponseSignature(response: Response, text: string) {
    const header = response.headers.get('x-inngest-signature')
    const params = new URLSearchParams(header ?? '')
    const ts = params.get('t') ?? ''
    if (!header || params.get('s') !== hmac(signingKey, text + ts))
      problems.push(`an answer from the app was not signed correctly (${response.status})`)
  }

  type InvocationState = {
    steps: Record<string, { data: unknown } | { error: unknown }>
    stack: string[]
    attempt: number
    maxAttempts: number
    version: number
    plannedStep: string | undefined
    internalFnId: string
  }

  async function execute(fn: RegisteredFunction, run: FakeRun): Promise<void> {
    const release = await slot(fn)
    run.status = 'running'
    const state: InvocationState = {
      steps: {},
      stack: [],
      attempt: 0,
      maxAttempts: (fn.steps.step?.retries?.attempts ?? defaultRetries) + 1,
      version: -1,
      plannedStep: undefined,
      internalFnId: randomUUID(),
    }
    try {
      for (let request = 0; request < 500; request += 1) {
        const { response, text } = await invoke(fn, run, state)
        const record: FakeRequest = { attempt: state.attempt, status: response.status, ops: [] }
        run.requests.push(record)
        if (response.status === 200) {
          run.status = 'completed'
          run.output = JSON.parse(text) as unknown
          return
        }
        if (response.status === 206) {
          const ops = z.array(outgoingOp).parse(JSON.parse(text))
          record.ops = ops.map((op) => op.op)
          const done = applyOps(run, state, ops)
          if (done) return
          continue
        }
        const noRetry = response.headers.get('x-inngest-no-retry') === 'true'
        if (noRetry || state.attempt + 1 >= state.maxAttempts) {
          fail(fn, run, JSON.parse(text) as unknown)
          return
        }
        state.attempt += 1
      }
      throw new Error('the run did not end within 500 requests')
    } finally {
      release()
    }
  }

  /** Applies a 206 answer's ops to the run; true once the run has ended. */
  function applyOps(run: FakeRun, state: InvocationState, ops: z.infer<typeof outgoingOp>[]): boolean {
    state.plannedStep = undefined
    for (const op of ops) {
      switch (op.op) {
        case 'StepRun':
        case 'Step':
          state.steps[op.id] = { data: op.data ?? null }
          state.stack.push(op.id)
          state.attempt = 0
          break
        case 'StepError':
          state.attempt += 1
          break
        case 'StepFailed':
          state.steps[op.id] = { error: op.error }
          state.stack.push(op.id)
          state.attempt = 0
          break
        case 'StepPlanned':
          state.plannedStep = op.id
          break
        case 'RunComplete':
          run.status = 'completed'
          run.output = op.data
          return true
        default:
          throw new Error(`the fake Inngest server does not support the op ${op.op}`)
      }
    }
    return false
  }

  function fail(fn: RegisteredFunction, run: FakeRun, error: unknown) {
    run.status = 'failed'
    run.error = error
    accept({
      name: failedEvent,
      id: randomUUID(),
      ts: Date.now(),
      data: { function_id: fn.id, run_id: run.id, error, event: run.event },
    })
  }

  type Answer = { status: number; body: unknown }

  function answer(method: string | undefined, url: URL, headers: IncomingMessage['headers'], body: string): Answer {
    if (method === 'GET' && url.pathname === '/health') return { status: 200, body: { status: 200, message: 'OK' } }
    if (method === 'POST' && url.pathname === '/fn/register') {
      if (headers.authorization !== `Bearer ${hashedSigningKey}`)
        return { status: 401, body: { error: 'unauthorized', status: 401 } }
      const parsed = registration.parse(JSON.parse(body))
      registrations.push(parsed)
      functions.clear()
      for (const fn of parsed.functions) functions.set(fn.id, fn)
      return { status: 200, body: { ok: true, modified: true } }
    }
    const eventPath = /^\/e\/([^/]+)$/.exec(url.pathname)
    if (method === 'POST' && eventPath) {
      if (eventPath[1] !== eventKey) return { status: 401, body: { error: 'Event key not found', status: 401 } }
      if (refusingEvents) return { status: 500, body: { error: 'the fake refuses events for now', status: 500 } }
      const raw: unknown = JSON.parse(body)
      const received = z.array(sentEvent).parse(Array.isArray(raw) ? raw : [raw])
      const ids = received.map((event) => {
        const accepted = { ...event, id: event.id ?? randomUUID(), ts: event.ts ?? Date.now() }
        accept(accepted)
        return accepted.id
      })
      return { status: 200, body: { ids, status: 200 } }
    }
    return { status: 404, body: { error: `the fake has no ${method ?? ''} ${url.pathname}`, status: 404 } }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake')
    const { status, body } = answer(request.method, url, request.headers, await readBody(request))
    json(response, status, body)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      problems.push(`${request.method ?? ''} ${request.url ?? ''}: ${String(error)}`)
      json(response, 500, { error: String(error), status: 500 })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    signingKey,
    eventKey,
    registrations,
    events,
    runs,
    /** What went wrong on the fake's side (bad signatures from the app, unsupported ops): tests expect none. */
    problems,
    functions: () => [...functions.values()],
    runsOf: (functionId: string) => runs.filter((run) => run.functionId === functionId),
    refuseEvents: (refuse: boolean) => {
      refusingEvents = refuse
    },
    /** Runs a function as its cron trigger would. */
    fireCron: (functionId: string): FakeRun => {
      const fn = functions.get(functionId)
      const cron = fn?.triggers.find((trigger) => trigger.cron)?.cron
      if (!fn || !cron) throw new Error(`no function ${functionId} with a cron trigger`)
      const event = { name: 'inngest/scheduled.timer', id: randomUUID(), ts: Date.now(), data: { cron } }
      events.push(event)
      return start(fn, event)
    },
    /** Resolves once no run is queued or in progress, including runs those runs started. */
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
