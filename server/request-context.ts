import { AsyncLocalStorage } from 'node:async_hooks'
import type { RateLimitState } from '#server/accounts/rate-limit-state.ts'

/**
 * What every log line written while serving a request names: the request, and who made it once
 * known; the rate limits the request counted against, by policy, for the answer's headers; and how
 * many of its writes to the event log committed, so a failed answer can tell whether it changed anything.
 */
export type RequestContext = {
  requestId: string
  userId?: string
  rateLimits?: Map<string, RateLimitState>
  committedWrites?: number
  /** The Idempotency-Key the request holds, once claimed: its events carry it. */
  idempotencyKey?: string
}

// Kept on globalThis: the nitro plugins and the app are bundled separately, and the request log
// (a plugin) must share one store with the services the app runs inside the request.
const holder = globalThis as typeof globalThis & { __interviewHelperRequestContext?: AsyncLocalStorage<RequestContext> }
const storage = (holder.__interviewHelperRequestContext ??= new AsyncLocalStorage<RequestContext>())

export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work)
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore()
}

/** Once the request proved who makes it, its later log lines (and its request line) name them. */
export function noteRequestUser(userId: string): void {
  const context = storage.getStore()
  if (context) context.userId = userId
}

/** A limit this request counted against; the latest state of each policy is the one reported. */
export function noteRateLimit(state: RateLimitState): void {
  const context = storage.getStore()
  if (!context) return
  context.rateLimits ??= new Map()
  context.rateLimits.set(state.policy, state)
}

/** A write of this request committed (the event store reports each commit that appended events). */
export function noteCommittedWrite(): void {
  const context = storage.getStore()
  if (context) context.committedWrites = (context.committedWrites ?? 0) + 1
}

/** The request holds this Idempotency-Key: the events it writes from now on carry it. */
export function noteIdempotencyKey(key: string): void {
  const context = storage.getStore()
  if (context) context.idempotencyKey = key
}
