import type { FuzzOperation } from './operations.ts'

/** What a well-behaved server may answer, whatever it was sent; any other answer is a finding. */
export type Finding = { reason: string; excerpt: string }

// Node and V8 stack frames, source and dependency paths, and database error texts.
const leaks: readonly [RegExp, string][] = [
  [/\bat [\w$.<>]+ \(?[^)\s]*:\d+:\d+\)?/, 'a stack frame'],
  [/node_modules|file:\/\/|\/(?:work|home|root|app|usr)\/[\w.-]+\//, 'an internal path'],
  [/\.(?:ts|tsx|mjs|cjs):\d+/, 'a source location'],
  [
    /\b(?:syntax error at or near|violates (?:unique|foreign key|check) constraint|relation "\w+"|invalid byte sequence)/i,
    'a database error',
  ],
]

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Node's HTTP parser refuses some requests before any application code runs (a request line or
 * headers over its size limit): a bare status with no body and a closed connection. That is the
 * protocol's answer, the same one a reverse proxy gives; everything else must be the app's.
 */
const refusedByHttpParser = (status: number, contentType: string, text: string) =>
  [400, 413, 414, 431].includes(status) && contentType === '' && text === ''

export function judge(operation: FuzzOperation, status: number, contentType: string, text: string): Finding[] {
  const findings: Finding[] = []
  if (refusedByHttpParser(status, contentType, text)) return findings
  const excerpt = text.slice(0, 300)
  if (status >= 500) findings.push({ reason: `status ${status}`, excerpt })
  for (const [pattern, what] of leaks)
    if (pattern.test(text)) findings.push({ reason: `the body shows ${what}`, excerpt })
  if (operation.streams && status === 200 && contentType.startsWith('text/event-stream')) return findings
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    findings.push({ reason: `a body that is not JSON (${contentType || 'no content type'})`, excerpt })
    return findings
  }
  // 408 is the connection guard's, made before any route reads the body: the REST envelope on every path.
  const problem =
    operation.transport === 'rest' || status === 408
      ? restEnvelopeProblem(body, status)
      : trpcEnvelopeProblem(body, status)
  if (problem) findings.push({ reason: problem, excerpt })
  return findings
}

function restEnvelopeProblem(body: unknown, status: number): string | undefined {
  if (!isObject(body)) return 'a body that is not an object'
  if (status < 400)
    return body.success === true && 'data' in body ? undefined : 'a success without {success: true, data}'
  return body.success === false &&
    typeof body.error === 'string' &&
    body.error !== '' &&
    typeof body.code === 'string' &&
    /^[a-z_]+$/.test(body.code)
    ? undefined
    : 'an error without {success: false, error, code}'
}

function trpcEnvelopeProblem(body: unknown, status: number): string | undefined {
  // A batch answers each call in its place; with mixed outcomes the whole answer is 207.
  if (Array.isArray(body))
    return body
      .map((item) => trpcEnvelopeProblem(item, status === 207 ? trpcStatusOf(item) : status))
      .find((problem) => problem !== undefined)
  if (!isObject(body)) return 'a body that is not an object'
  if (status < 400) return isObject(body.result) ? undefined : 'a tRPC success without result'
  const error = body.error
  if (!isObject(error) || typeof error.message !== 'string' || !isObject(error.data))
    return 'a tRPC error without error.message and error.data'
  return error.data.httpStatus === status
    ? undefined
    : `a tRPC error whose httpStatus ${String(error.data.httpStatus)} differs from ${status}`
}

const trpcStatusOf = (item: unknown): number =>
  isObject(item) && isObject(item.error) && isObject(item.error.data) && typeof item.error.data.httpStatus === 'number'
    ? item.error.data.httpStatus
    : 200
