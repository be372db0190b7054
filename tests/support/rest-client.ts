import { randomBytes } from 'node:crypto'
import { z } from 'zod'

const envelope = z.union([
  z.object({ success: z.literal(true), data: z.unknown() }).strict(),
  z
    .object({
      success: z.literal(false),
      error: z.string().min(1),
      code: z.string().regex(/^[a-z_]+$/),
      details: z.record(z.string(), z.string()).optional(),
    })
    .strict(),
])

export type RestAnswer = { status: number; body: z.infer<typeof envelope> }

/** A made-up client address, sent as X-Forwarded-For to a server started with TRUST_PROXY. */
export const testClientIp = () => `10.${randomBytes(3).join('.')}`

/** Calls the REST bridge as the desktop assistant would, checking the envelope of every answer. */
export function restClient(baseUrl: string, defaults: { ip?: string } = {}) {
  return async function call(
    method: string,
    path: string,
    options: { body?: unknown; token?: string | undefined; ip?: string } = {},
  ) {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? defaults.ip ?? testClientIp() }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    })
    const body = envelope.parse(await response.json())
    return { status: response.status, body }
  }
}

// The caller names the shape it expects of the answer; its assertions check it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a deliberate cast for tests, visible at each call
export function dataOf<T = Record<string, unknown>>(answer: RestAnswer): T {
  if (!answer.body.success) throw new Error(`Expected success, got ${answer.status}: ${answer.body.error}`)
  return answer.body.data as T
}

export function errorOf(answer: RestAnswer): string {
  if (answer.body.success) throw new Error(`Expected an error, got ${answer.status} with data`)
  return answer.body.error
}
