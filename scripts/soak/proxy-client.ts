import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'

export type Answer = { status: number; json: unknown; ms: number; attempts: number }

/**
 * What a client may send again after no answer, a 502 (the proxy lost the replica mid-request),
 * a 503 (Retry-After) or a 504: reads; writes carrying an Idempotency-Key (the server keeps their
 * first answer); and writes whose repeat changes nothing by their nature (`repeatable`: a second
 * sign-in, the same confirmation link, ending an ended session, the same payment verified again).
 */
const retryableStatuses = new Set([502, 503, 504])
const maxAttempts = 8
const retryAfterMs = 250
/**
 * How long repeats may go on. A repeat of a write whose first try died with its replica waits on
 * the server for that try's answer (its Idempotency-Key stays claimed until abandoned): the client
 * gives up on it rather than hold its person's work for minutes.
 */
const repeatForMs = 20_000
/** The longest a first try may take: an AI answer on a busy machine. */
const firstTryMs = 60_000

type Call = {
  body?: unknown
  token?: string | undefined
  /** Sends an Idempotency-Key, and repeats the write with it. */
  idempotent?: boolean
  /** A write that is safe to send again as it is. */
  repeatable?: boolean
  headers?: Record<string, string>
}

/**
 * One client on its own loopback address (`localAddress`, e.g. 127.0.3.7), so the proxy sees as
 * many client addresses as there are clients, with keep-alive connections as a browser keeps them.
 * Writes get an Idempotency-Key each, reused for every repeat of that write.
 */
export function proxyClient(baseUrl: string, localAddress: string) {
  const agent = new Agent({ keepAlive: true, localAddress, maxSockets: 4 })
  const once = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
  ) =>
    new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const outgoing = request(`${baseUrl}/api${path}`, { method, headers, agent }, (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('error', reject)
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString()
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            json = text
          }
          resolve({ status: incoming.statusCode ?? 0, json })
        })
      })
      outgoing.setTimeout(timeoutMs, () =>
        outgoing.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms`)),
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    })

  async function call(method: string, path: string, options: Call = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    if (body !== undefined) headers['content-type'] = 'application/json'
    const repeatable = method === 'GET' || options.idempotent === true || options.repeatable === true
    if (method !== 'GET' && options.idempotent) headers['idempotency-key'] = randomUUID()
    const started = performance.now()
    for (let attempt = 1; ; attempt += 1) {
      const left = attempt === 1 ? firstTryMs : repeatForMs - (performance.now() - started)
      const outcome = await once(method, path, headers, body, Math.max(left, 1)).catch(
        (error: unknown) => error as Error,
      )
      const last = attempt >= maxAttempts || !repeatable || performance.now() - started > firstTryMs + repeatForMs
      if (outcome instanceof Error) {
        if (last) throw outcome
      } else if (!retryableStatuses.has(outcome.status) || last) {
        return { ...outcome, ms: performance.now() - started, attempts: attempt }
      }
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs))
    }
  }
  return { call, close: () => agent.destroy() }
}

export type ProxyClient = ReturnType<typeof proxyClient>

/** The n-th client address: 127.<n / 65536>.<n / 256>.<n % 256>, above 127.0.0.255 so none is 127.0.0.1. */
export function loopbackAddress(n: number): string {
  const value = n + 256
  return `127.${(value >> 16) & 255}.${(value >> 8) & 255}.${value & 255}`
}
