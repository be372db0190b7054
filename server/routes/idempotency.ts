import { setTimeout as sleep } from 'node:timers/promises'
import { DomainError } from '#events/domain-error.ts'
import { claimKey, type Claim } from '#server/idempotency/idempotency-keys.ts'
import { apiCacheControl } from '#server/http/json-response.ts'
import { thrownErrorResponse } from '#server/routes/error-envelope.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { getRuntime } from '#server/runtime.ts'
import { bodyLimits } from '#server/http/body-limits.ts'
import { requestFingerprint } from '#server/http/request-fingerprint.ts'
import { firstAnswer } from './idempotent-first-answer.ts'
import { routeScope } from './route-scope.ts'

export const idempotencyKeyHeader = 'Idempotency-Key'

/** The operations (paths under /api) whose repeats an Idempotency-Key makes safe: each takes something. */
export const idempotentPaths: ReadonlySet<string> = new Set([
  '/interview/session/start',
  '/interview/question',
  '/interview/screenshot',
  '/interview/audio-question',
  '/interview/utterances/{id}/end',
  '/auth/create-order',
])

/** Whether a request's path (under /api) is one of `idempotentPaths`, a `{parameter}` matching one segment. */
function isIdempotentPath(path: string): boolean {
  return [...idempotentPaths].some((template) => {
    const pattern = template.replaceAll(/[.*+?^$()|[\]\\]/g, '\\$&').replaceAll(/\{[^}]+\}/g, '[^/]+')
    return new RegExp(`^${pattern}$`).test(path)
  })
}

/** 1–255 printable ASCII characters, as clients generate them (UUIDs, ULIDs, "order-42-try"). */
const idempotencyKeyPattern = /^[\x20-\x7e]{1,255}$/

export const idempotencyMessages = {
  malformed: `The ${idempotencyKeyHeader} header must be 1 to 255 printable ASCII characters.`,
  reused: `This ${idempotencyKeyHeader} was already used for a different request. Use a new key for a new request.`,
  stillRunning: `A request with this ${idempotencyKeyHeader} is still running. Repeat it in a moment to get its answer.`,
} as const

/** How often, and how many times, a repeat looks whether the first request has answered: about two minutes. */
const pollEveryMs = 100
const pollsBeforeGivingUp = 1200

/**
 * Runs `handle` once per (person, Idempotency-Key) on the operations in `idempotentPaths`: a
 * repeat of the same request gets the first answer (status and body) and takes nothing twice; a
 * repeat while the first still runs waits for its answer; the same key on another request is
 * refused with 422 `idempotency-key-reused` (decision 0027). Anything else passes straight through.
 */
export async function withIdempotency(
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get(idempotencyKeyHeader)
  const path = new URL(request.url).pathname.replace(/^\/api(?=\/)/, '')
  if (key === null || request.method !== 'POST' || !isIdempotentPath(path)) return handle(request)
  const runtime = await getRuntime()
  if (!idempotencyKeyPattern.test(key))
    return thrownErrorResponse(new DomainError('bad-request', idempotencyMessages.malformed), runtime.log)
  const scope = await routeScope(request)
  if (scope instanceof Response) return scope
  // Not signed in: the operation itself answers 401, and nothing is kept.
  if (scope.userId === undefined) return handle(request)
  const body = await bodyWithin(request.clone(), bodyLimits.audio)
  // Too large for any of these operations: the operation itself answers 413.
  if (body === undefined) return handle(request)

  const id = { userId: scope.userId, key }
  const fingerprint = await requestFingerprint(
    { method: request.method, path, contentType: request.headers.get('content-type') },
    body,
  )
  const claim = await settledClaim(runtime, { ...id, fingerprint, instanceId: runtime.instanceId })
  switch (claim.kind) {
    case 'other-request':
      return thrownErrorResponse(new DomainError('idempotency-key-reused', idempotencyMessages.reused), runtime.log)
    case 'running':
      return thrownErrorResponse(new DomainError('concurrent-change', idempotencyMessages.stillRunning), runtime.log)
    case 'done':
      return new Response(claim.answer.body, {
        status: claim.answer.status,
        headers: {
          ...(claim.answer.contentType ? { 'content-type': claim.answer.contentType } : {}),
          'cache-control': apiCacheControl,
          'idempotent-replayed': 'true',
        },
      })
    case 'claimed':
      return firstAnswer(runtime, { ...id, takenOver: claim.takenOver }, () => handle(request))
  }
}

/** The claim once no other request runs it, or 'running' after waiting about two minutes. */
async function settledClaim(runtime: Runtime, id: Parameters<typeof claimKey>[1]): Promise<Claim> {
  let claim = await claimKey(runtime.db, id, runtime.clock)
  for (let poll = 0; claim.kind === 'running' && poll < pollsBeforeGivingUp; poll += 1) {
    await sleep(pollEveryMs)
    claim = await claimKey(runtime.db, id, runtime.clock)
  }
  return claim
}

/** The body's bytes, or undefined once it passes `limit`. */
async function bodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) return undefined
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request.body) {
    size += chunk.byteLength
    if (size > limit) return undefined
    chunks.push(chunk)
  }
  return new Uint8Array(Buffer.concat(chunks))
}
