import { randomUUID } from 'node:crypto'

const requestIdPattern = /^[\w.:-]{1,128}$/

/** The caller's `x-request-id` when it is a short, plain token (it goes into logs and event metadata), else a new id. */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get('x-request-id')?.trim()
  return given && requestIdPattern.test(given) ? given : randomUUID()
}
