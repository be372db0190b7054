import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { sql } from 'kysely'
import type { TestDatabase } from '../databases.ts'
import { fuzzRequest, type FuzzRequest } from './cases.ts'
import { fuzzCredentials } from './credentials.ts'
import { restOperations, trpcOperations, type FuzzOperation } from './operations.ts'
import { seededChooser } from './random.ts'
import { judge, type Finding } from './verdict.ts'
import { noAnswerKind } from './no-answer.ts'

export type CampaignOptions = {
  baseUrl: string
  database: TestDatabase & { url: string }
  requests: number
  seed: number
  concurrency?: number
  /** Called every few hundred requests with the count so far. */
  progress?: (sent: number) => void
}

type CampaignFinding = Finding & {
  operation: string
  mutation: string
  method: string
  url: string
  status: number
  /** The start of what was sent, to reproduce by hand. */
  sent: string
}

export type CampaignReport = {
  sent: number
  operations: number
  byStatus: Record<string, number>
  byMutation: Record<string, number>
  findings: CampaignFinding[]
  /** Total answer time per operation, to see where a run spends its time. */
  millisByOperation: Record<string, number>
  slowest: { operation: string; mutation: string; millis: number; sent: string }[]
  /** Requests that got no status, by kind, with the reason and one example each. */
  noAnswers: Record<string, { count: number; reason: string; example: string }>
  /** Events whose metadata names a request the server refused: a refusal must write nothing. */
  eventsFromRefusals: { requestId: string; type: string; operation: string; mutation: string; status: number }[]
}

const answerTimeoutMs = 30_000
const maxBodyRead = 256 * 1024

/**
 * Sends `requests` generated requests over every REST operation of the server's OpenAPI document
 * and every tRPC procedure, round-robin, and judges each answer. Each request has its own
 * X-Request-Id, which the server records in event metadata: after the run, the database tells
 * whether any refused request wrote an event.
 */
export async function runFuzzCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const { baseUrl, database, requests, seed } = options
  const document: unknown = await (await fetch(`${baseUrl}/api/openapi.json`)).json()
  const operations: FuzzOperation[] = [...restOperations(document), ...trpcOperations()]
  const credentials = await fuzzCredentials(baseUrl, database)
  const choose = seededChooser(seed)
  const runId = randomBytes(4).toString('hex')
  const report: CampaignReport = {
    sent: 0,
    operations: operations.length,
    byStatus: {},
    byMutation: {},
    findings: [],
    millisByOperation: {},
    slowest: [],
    noAnswers: {},
    eventsFromRefusals: [],
  }
  const refused = new Map<string, { request: FuzzRequest; status: number }>()
  const roundSize = 400
  for (let start = 0; start < requests; start += roundSize) {
    const round: FuzzRequest[] = []
    for (let index = start; index < Math.min(requests, start + roundSize); index += 1) {
      const operation = operations[index % operations.length]
      if (!operation) continue
      round.push(
        fuzzRequest(operation, {
          choose,
          seed: seed + index,
          credentials: credentials.current(),
          clientIp: `10.${choose.int(256)}.${choose.int(256)}.${choose.int(256)}`,
          requestId: `fuzz-${runId}-${index}`,
        }),
      )
    }
    await inParallel(round, options.concurrency ?? 6, async (request) => {
      const began = performance.now()
      const { status, contentType, text } = request.slowBody
        ? await sendSlowly(baseUrl, request)
        : await send(baseUrl, request)
      const millis = performance.now() - began
      report.sent += 1
      report.millisByOperation[request.operation] = (report.millisByOperation[request.operation] ?? 0) + millis
      report.slowest.push({
        operation: request.operation,
        mutation: request.mutation,
        millis,
        sent: describeBody(request),
      })
      report.slowest = report.slowest.sort((a, b) => b.millis - a.millis).slice(0, 8)
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1
      report.byMutation[request.mutation] = (report.byMutation[request.mutation] ?? 0) + 1
      const operation = operations.find((candidate) => candidate.name === request.operation)
      if (status <= 0) {
        const { kind, reason } = noAnswerKind(request, status, text)
        const seen = report.noAnswers[kind] ?? { count: 0, reason, example: '' }
        report.noAnswers[kind] = {
          ...seen,
          count: seen.count + 1,
          example: seen.example || `${request.method} ${request.url.slice(0, 80)} [${request.mutation}]`,
        }
      }
      // A request without a status has no answer to judge: its kind is reported above.
      if (operation && status > 0)
        for (const finding of judge(operation, status, contentType, text))
          report.findings.push({
            ...finding,
            operation: request.operation,
            mutation: request.mutation,
            method: request.method,
            url: request.url.slice(0, 200),
            status,
            sent: describeBody(request),
          })
      if (status >= 400) refused.set(request.headers['x-request-id'] ?? '', { request, status })
    })
    options.progress?.(report.sent)
    await credentials.renew()
  }
  report.eventsFromRefusals = await eventsWrittenBy(database, runId, refused)
  return report
}

function describeBody(request: FuzzRequest): string {
  const { body } = request
  const type = request.headers['content-type'] ?? 'no content type'
  if (body === undefined) return 'no body'
  if (body instanceof FormData) return `multipart form (${[...body.keys()].join(', ')})`
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('latin1')
  return `${type}, ${text.length} chars: ${JSON.stringify(text.slice(0, 80))}`
}

type Answer = { status: number; contentType: string; text: string }

/**
 * Sends one request on a connection of its own (a reused keep-alive socket the server has just
 * timed out would look like a dropped request) and reads the answer as soon as it comes, even
 * while the body is still being written: a server may refuse before reading a body. The
 * connection is kept alive from the server's side, so an early answer does not close it under
 * the body; it is closed here once the answer is read.
 */
async function send(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  const { bytes, contentType } = await encodedBody(request.body)
  const headers: Record<string, string> = { ...request.headers, connection: 'keep-alive' }
  if (contentType) headers['content-type'] = contentType
  if (bytes) headers['content-length'] = String(bytes.byteLength)
  const target = new URL(baseUrl)
  return new Promise((resolve) => {
    let answered = false
    const noAnswer = (error: Error) => {
      if (answered) return
      answered = true
      // Node's HTTP parser answers a request line and headers over its limit with a bare 431 and
      // closes at once: a client still sending them may see the reset before the status.
      if (headerBlockBytes(request) > maxHeaderBytes) resolve({ status: 431, contentType: '', text: '' })
      else resolve({ status: 0, contentType: '', text: `no answer: ${error.message}` })
    }
    try {
      const outgoing = httpRequest(
        {
          hostname: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          headers,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = []
          let size = 0
          response.on('data', (chunk: Buffer) => {
            if (size < maxBodyRead) chunks.push(chunk)
            size += chunk.byteLength
          })
          response.on('error', noAnswer)
          response.on('end', () => {
            answered = true
            outgoing.destroy()
            resolve({
              status: response.statusCode ?? 0,
              contentType: response.headers['content-type'] ?? '',
              text: Buffer.concat(chunks).toString('utf8'),
            })
          })
        },
      )
      outgoing.setTimeout(answerTimeoutMs, () => outgoing.destroy(new Error(`no answer within ${answerTimeoutMs} ms`)))
      outgoing.on('error', noAnswer)
      outgoing.end(bytes)
    } catch (error) {
      // A request Node refuses to send (an invalid header value) never reached the server.
      noAnswer(error as Error)
    }
  })
}

/** The status a slow body's request is counted under when the server closed its connection unanswered. */
const cutByServer = 0

/** Extra body the slow client announces and never finishes sending. */
const slowPaddingBytes = 20_000

/**
 * Sends the request as a slow client would: its headers and the start of its body, then one byte
 * every half second of a Content-Length never reached. The server must answer (a refusal that
 * needs no body) or close the connection; one that waits longer than the answer timeout for the
 * rest is reported as giving no answer.
 */
async function sendSlowly(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  const { bytes = new Uint8Array() } = await encodedBody(request.body)
  const headers: Record<string, string> = {
    ...request.headers,
    'content-length': String(bytes.byteLength + slowPaddingBytes),
  }
  const target = new URL(baseUrl)
  return new Promise((resolve) => {
    let settled = false
    const settle = (answer: Answer) => {
      if (settled) return
      settled = true
      clearInterval(trickle)
      clearTimeout(timeout)
      outgoing.destroy()
      resolve(answer)
    }
    const outgoing = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers,
        agent: false,
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
        response.on('end', () =>
          settle({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', text }),
        )
        response.on('error', () => settle({ status: cutByServer, contentType: '', text: '' }))
      },
    )
    outgoing.on('error', () => settle({ status: cutByServer, contentType: '', text: '' }))
    outgoing.write(bytes)
    const trickle = setInterval(() => outgoing.write(' '), 500)
    const timeout = setTimeout(
      () => settle({ status: -1, contentType: '', text: `no answer and no close within ${answerTimeoutMs} ms` }),
      answerTimeoutMs,
    )
  })
}

/** Node's default --max-http-header-size. */
const maxHeaderBytes = 16 * 1024

const headerBlockBytes = (request: FuzzRequest) =>
  request.url.length +
  Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0)

async function encodedBody(body: FuzzRequest['body']): Promise<{ bytes?: Uint8Array; contentType?: string }> {
  if (body === undefined) return {}
  if (typeof body === 'string') return { bytes: Buffer.from(body, 'utf8') }
  if (!(body instanceof FormData)) return { bytes: body }
  // The multipart encoding (and its boundary) as fetch would send it.
  const encoded = new Response(body)
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? undefined,
  }
}

async function eventsWrittenBy(
  database: TestDatabase,
  runId: string,
  refused: Map<string, { request: FuzzRequest; status: number }>,
) {
  const requestId = sql<string | null>`metadata->>'requestId'`
  const rows = await database.db
    .selectFrom('events')
    .select(['type', requestId.as('request_id')])
    .where(requestId, 'like', `fuzz-${runId}-%`)
    .execute()
  return rows.flatMap((row) => {
    const refusal = row.request_id ? refused.get(row.request_id) : undefined
    return refusal
      ? [
          {
            requestId: row.request_id ?? '',
            type: row.type,
            operation: refusal.request.operation,
            mutation: refusal.request.mutation,
            status: refusal.status,
          },
        ]
      : []
  })
}

async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]
      next += 1
      if (item !== undefined) await work(item)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}
