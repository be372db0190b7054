import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { TestDatabase } from '../databases.ts'
import { fuzzRequest, type FuzzRequest } from './cases.ts'
import { fuzzCredentials } from './credentials.ts'
import { restOperations, trpcOperations, type FuzzOperation } from './operations.ts'
import { seededChooser } from './random.ts'
import { judge, type Finding } from './verdict.ts'

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
      const { status, contentType, text } = await send(baseUrl, request)
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
      if (operation)
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

async function send(baseUrl: string, request: FuzzRequest) {
  try {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      signal: AbortSignal.timeout(answerTimeoutMs),
    })
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await boundedText(response),
    }
  } catch (error) {
    // No answer at all (reset, timeout) is a finding too: reported as status 0.
    const cause = (error as Error).cause
    const detail = cause instanceof Error ? ` (${cause.message})` : ''
    return { status: 0, contentType: '', text: `no answer: ${(error as Error).message}${detail}` }
  }
}

async function boundedText(response: Response): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
    if (size >= maxBodyRead) {
      await reader.cancel()
      break
    }
  }
  return Buffer.concat(chunks).toString('utf8')
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
