/** At most `limit` tasks at once; the rest wait their turn in order. */
export function createConcurrencyLimit(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else running += 1
    try {
      return await task()
    } finally {
      // A finished task hands its slot straight to the next waiter, so newcomers cannot overtake.
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}
