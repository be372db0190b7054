import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { loopbackAddress, proxyClient, type Answer, type ProxyClient } from './proxy-client.ts'

/** One answered request: what it was, its final status, its time (ms, repeats included) and when it ended. */
export type Sample = { name: string; status: number; ms: number; attempts: number; endedAt: number }

/** The writes the server acknowledged with a 2xx: each must be in the database afterwards. */
export type Acknowledged = { users: string[]; orders: string[]; sessions: string[]; questions: string[] }

export type MixedLoadOptions = {
  baseUrl: string
  /** People working at once; each works through its own loopback address. */
  workers: number
  /** The token of the confirmation mail sent to `email` (the test reads the development mailbox). */
  confirmationToken: (email: string) => Promise<string | undefined>
  /** Interviews per person before the worker signs up the next one (a Pro plan has 25). */
  sessionsPerPerson?: number
  /** Pause between one person's requests, so the load is steady rather than flat out. */
  pauseMs?: number
  /** Numbers the workers' client addresses from here, so two loads in one database never share one. */
  firstAddress?: number
}

const failurePauseMs = 500

const envelope = z.object({ success: z.literal(true), data: z.unknown() })
const registered = z.object({ user: z.object({ id: z.string() }) })
const signedIn = z.object({ tokens: z.object({ accessToken: z.string() }) })
const withId = z.object({ id: z.string() })
const sandboxPaid = z.object({ result: z.record(z.string(), z.string()) })
const answered = z.object({ questionId: z.string().optional(), id: z.string().optional() }).loose()

const questions = [
  'How does a hash map handle collisions?',
  'Tell me about a time you disagreed with a teammate.',
  'What is the difference between a process and a thread?',
  'How would you design a rate limiter?',
]

/**
 * Steady mixed load of people using the product end to end through `baseUrl` (the proxy): sign up,
 * confirm, sign in, buy the Pro plan in the sandbox checkout, then interviews (reads of usage and
 * plans, a session started, a question, the session ended), and the next person. Runs until
 * `stop()`; every request and every acknowledged write is recorded.
 */
export function startMixedLoad(options: MixedLoadOptions) {
  const { workers, sessionsPerPerson = 20, pauseMs = 20, firstAddress = 0 } = options
  const samples: Sample[] = []
  const acknowledged: Acknowledged = { users: [], orders: [], sessions: [], questions: [] }
  const failures: string[] = []
  let stopped = false
  // Read through a function: the workers ask after each await, when stop() may have set it.
  const stopping = () => stopped
  let people = 0

  async function step<T>(name: string, call: () => Promise<Answer>, shape: z.ZodType<T>) {
    const answer = await call()
    samples.push({ name, status: answer.status, ms: answer.ms, attempts: answer.attempts, endedAt: Date.now() })
    await new Promise((resolve) => setTimeout(resolve, pauseMs))
    const body = envelope.safeParse(answer.json)
    const data = body.success ? shape.safeParse(body.data.data) : undefined
    if (answer.status >= 300 || !data?.success) {
      // A failing step slows its worker down rather than spinning through new people.
      await new Promise((resolve) => setTimeout(resolve, failurePauseMs))
      failures.push(`${name}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`)
      return undefined
    }
    return data.data
  }

  async function person(client: ProxyClient): Promise<string | undefined> {
    const email = `load-${randomUUID().slice(0, 12)}@example.com`
    const password = 'Passw0rd!load'
    const user = await step(
      'register',
      () => client.call('POST', '/auth/register', { body: { email, password, firstName: 'Load', lastName: 'Tester' } }),
      registered,
    )
    if (!user) return undefined
    acknowledged.users.push(user.user.id)
    const confirmation = await options.confirmationToken(email)
    if (!confirmation) throw new Error(`no confirmation mail for ${email}`)
    await step(
      'confirm',
      () => client.call('POST', '/auth/confirm-email', { repeatable: true, body: { token: confirmation } }),
      z.unknown(),
    )
    const session = await step(
      'login',
      () => client.call('POST', '/auth/login', { repeatable: true, body: { email, password } }),
      signedIn,
    )
    if (!session) return undefined
    const token = session.tokens.accessToken
    const order = await step(
      'create-order',
      () =>
        client.call('POST', '/auth/create-order', {
          token,
          idempotent: true,
          body: { planType: 'pro', billingCycle: 'monthly' },
        }),
      withId,
    )
    if (!order) return undefined
    const paid = await step(
      'sandbox-pay',
      () =>
        client.call('POST', '/payments/sandbox/complete', {
          token,
          repeatable: true,
          body: { orderId: order.id, outcome: 'success' },
        }),
      sandboxPaid,
    )
    if (!paid) return undefined
    const verified = await step(
      'verify-payment',
      () => client.call('POST', '/auth/verify-payment', { token, repeatable: true, body: paid.result }),
      z.unknown(),
    )
    if (verified === undefined) return undefined
    acknowledged.orders.push(order.id)
    return token
  }

  /** One interview; false when a step failed, so the worker goes on with a new person rather than a half-ended session. */
  async function interview(client: ProxyClient, token: string, n: number): Promise<boolean> {
    await step('usage', () => client.call('GET', '/interview/usage-limits', { token }), z.unknown())
    await step('plans', () => client.call('GET', '/auth/plans'), z.unknown())
    const session = await step(
      'session-start',
      () => client.call('POST', '/interview/session/start', { token, idempotent: true, body: {} }),
      withId,
    )
    if (!session) return false
    acknowledged.sessions.push(session.id)
    const question = questions[n % questions.length] ?? ''
    const answer = await step(
      'question',
      () =>
        client.call('POST', '/interview/question', {
          token,
          idempotent: true,
          body: { question, sessionId: session.id },
        }),
      answered,
    )
    if (!answer) return false
    acknowledged.questions.push(session.id)
    const ended = await step(
      'session-end',
      () => client.call('POST', '/interview/session/end', { token, repeatable: true, body: { sessionId: session.id } }),
      z.unknown(),
    )
    return ended !== undefined
  }

  async function worker(index: number) {
    while (!stopping()) {
      const client = proxyClient(options.baseUrl, loopbackAddress(firstAddress + people))
      people += 1
      try {
        const token = await person(client)
        for (let n = 0; token && n < sessionsPerPerson && !stopping(); n += 1)
          if (!(await interview(client, token, n + index))) break
      } catch (error) {
        // A request without any answer after its repeats: recorded, and the worker goes on with the next person.
        failures.push(`worker ${index}: ${(error as Error).message}`)
      } finally {
        client.close()
      }
    }
  }

  const running = Promise.all(Array.from({ length: workers }, (_, index) => worker(index)))
  return {
    samples,
    acknowledged,
    failures,
    /** Lets each worker finish the request it is in, then answers what the load did. */
    stop: async () => {
      stopped = true
      await running
      return { samples, acknowledged, failures, people }
    },
  }
}

export type MixedLoad = ReturnType<typeof startMixedLoad>
