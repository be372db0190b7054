import { DomainError } from '#events/domain-error.ts'
import { maxCallsPerBatch } from '#rules/api-batches.ts'
import type { RateLimitState } from '#server/accounts/rate-limit-state.ts'
import { createConcurrencyLimit } from '#server/ai/concurrency-limit.ts'

const batchTooLargeMessage = `One request may carry at most ${maxCallsPerBatch} calls; send the others in another request.`

/** Whether a tRPC request names more calls than one request may carry. */
export const refusesBatchOf = (calls: number): DomainError | undefined =>
  calls > maxCallsPerBatch ? new DomainError('too-large', batchTooLargeMessage) : undefined

/**
 * One caller's expensive calls (password hashing, AI work): this many run at once, this many more
 * wait their turn, and a call beyond both is refused before it starts. A full batch always fits.
 */
const expensiveCallsPerCaller = { running: 2, waiting: maxCallsPerBatch } as const

const busyMessage =
  'Too many requests at once from your account or network. Please wait for the answers on their way, then try again.'

/** A `rate-limited` refusal that tells the client to come back in a second (Retry-After and RateLimit headers). */
class CallerBusyError extends DomainError {
  readonly rateLimit: RateLimitState
  constructor() {
    super('rate-limited', busyMessage)
    const { running, waiting } = expensiveCallsPerCaller
    this.rateLimit = {
      policy: 'expensive-calls',
      quota: running + waiting,
      windowSeconds: 1,
      remaining: 0,
      resetSeconds: 1,
    }
  }
}

type Lane = { run: ReturnType<typeof createConcurrencyLimit>; calls: number }

/** Per caller (a person's id or a client address), a lane of its own; lanes of idle callers are dropped. */
export function createCallerLanes({ running, waiting } = expensiveCallsPerCaller) {
  const lanes = new Map<string, Lane>()
  return async function inCallerLane<T>(caller: string, task: () => Promise<T>): Promise<T> {
    let lane = lanes.get(caller)
    if (!lane) {
      lane = { run: createConcurrencyLimit(running), calls: 0 }
      lanes.set(caller, lane)
    }
    if (lane.calls >= running + waiting) throw new CallerBusyError()
    lane.calls += 1
    try {
      return await lane.run(task)
    } finally {
      lane.calls -= 1
      if (lane.calls === 0) lanes.delete(caller)
    }
  }
}
