import { ConcurrencyError } from './types.ts'

/**
 * Runs a read-decide-append unit again when another writer moved a stream it read, so the
 * decision is always taken on the state it is appended to.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work()
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt))
    }
  }
}
