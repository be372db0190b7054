/**
 * At most `limit` tasks at once. Waiting tasks are served per owner, the owner served longest ago
 * first (each owner's own in arrival order), so one person with many clips queued waits behind
 * the others rather than ahead of them. With a single owner this is first-come, first-served.
 */
export function createConcurrencyLimit(limit: number) {
  let running = 0
  let starts = 0
  const waiting = new Map<string, (() => void)[]>()
  // When each owner with tasks waiting last had one started; a newcomer has none and goes first.
  const lastStart = new Map<string, number>()

  function next(): (() => void) | undefined {
    let chosen: string | undefined
    for (const owner of waiting.keys())
      if (chosen === undefined || (lastStart.get(owner) ?? -1) < (lastStart.get(chosen) ?? -1)) chosen = owner
    if (chosen === undefined) return undefined
    const queue = waiting.get(chosen) ?? []
    const start = queue.shift()
    if (queue.length === 0) waiting.delete(chosen)
    lastStart.set(chosen, (starts += 1))
    return start
  }

  return async function run<T>(task: () => Promise<T>, owner = ''): Promise<T> {
    if (running >= limit)
      await new Promise<void>((resolve) => {
        const queue = waiting.get(owner)
        if (queue) queue.push(resolve)
        else waiting.set(owner, [resolve])
      })
    else {
      running += 1
      lastStart.set(owner, (starts += 1))
    }
    try {
      return await task()
    } finally {
      if (!waiting.has(owner)) lastStart.delete(owner)
      // A finished task hands its slot straight to the next waiter, so newcomers cannot overtake.
      const start = next()
      if (start) start()
      else running -= 1
    }
  }
}
