import { readFile } from 'node:fs/promises'
import autocannon from 'autocannon'

export type Measurement = {
  /** Mean answers per second over the run. */
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Answers outside 2xx, and connection errors or timeouts: a run with any of them measured refusals too. */
  non2xx: number
  errors: number
  /**
   * CPU time the serving process spent per answer (user + system, from /proc): unlike req/s it
   * hardly depends on what else the machine runs at the time.
   */
  cpuMsPerRequest: number
}

export type Target = {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** One sequence of requests a connection repeats; `token(i)` gives connection i its own bearer token. */
  sequence?: { method: 'GET' | 'POST'; path: string; body?: string }[]
  token?: (connection: number) => string
}

/** Drives `target`, served by process `pid`, with `connections` keep-alive connections for `seconds`. */
export async function drive(target: Target, pid: number, connections: number, seconds: number): Promise<Measurement> {
  let nextConnection = 0
  const steps = target.sequence ?? [
    { method: target.method ?? 'GET', path: new URL(target.url).pathname, body: target.body },
  ]
  // Each connection gets its own copy of the sequence, carrying its own token in every request.
  const requestsWithToken = (token: string): autocannon.Request[] =>
    steps.map((step) => ({
      method: step.method,
      path: step.path,
      headers: { ...target.headers, authorization: `Bearer ${token}` },
      ...(step.body === undefined ? {} : { body: step.body }),
    }))
  const { token } = target
  const cpuBefore = await cpuMilliseconds(pid)
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(token ? { setupClient: (client) => client.setRequests(requestsWithToken(token(nextConnection++))) } : {}),
  })
  const cpuMs = (await cpuMilliseconds(pid)) - cpuBefore
  return {
    cpuMsPerRequest: cpuMs / Math.max(result.requests.total, 1),
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat counts 100 ticks a second). */
export async function cpuMilliseconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command name, which sits in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}
