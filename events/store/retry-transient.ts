import { ConcurrencyError } from './types.ts'

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back and may simply run again. */
const retryableSqlStates = new Set(['40P01', '40001'])

function isTransientTransactionFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    retryableSqlStates.has(error.code)
  )
}

const maxAttempts = 8
const firstDelayMs = 5
const maxDelayMs = 200

/**
 * Runs a unit of work again when the database rolled it back for a deadlock, and, with
 * `onConflict`, when another writer moved a stream it decided on. The wait grows with each
 * attempt and is drawn at random below that bound ("full jitter"), so retries spread out instead
 * of colliding again.
 */
export async function retryTransient<T>(work: () => Promise<T>, { onConflict }: { onConflict: boolean }): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work()
    } catch (error) {
      const retryable = isTransientTransactionFailure(error) || (onConflict && error instanceof ConcurrencyError)
      if (!retryable || attempt >= maxAttempts) throw error
      const bound = Math.min(maxDelayMs, firstDelayMs * 2 ** attempt)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * bound))
    }
  }
}
