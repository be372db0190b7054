import { currentRequestContext } from '#server/request-context.ts'

/** A person already has as many tasks waiting as the limit lets one person line up. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError'
  /** Tasks one person may have waiting (besides those running). */
  readonly waiting: number
  readonly running: number

  constructor(waiting: number, running: number) {
    super(`${waiting} of your tasks are already waiting for their turn; send this one once they are done.`)
    this.waiting = waiting
    this.running = running
  }
}

type LimitOptions = {
  /** Tasks of one person running at once; default: the whole limit. */
  perPerson?: number
  /** Tasks of one person waiting at once; a task beyond that is refused with QueueFullError. Default: no bound. */
  waitingPerPerson?: number
}

/**
 * At most `limit` tasks at once, shared fairly between the people who wait: each person runs at
 * most `perPerson` tasks at once, and a free slot goes to the person who has waited longest since
 * their last turn (round-robin across people, oldest first within one person's tasks). One person
 * sending many large jobs queues behind their own jobs, not in front of everyone else's, and with
 * `waitingPerPerson` cannot line up more than that many: what they hold waiting (bytes, memory) is bounded too.
 */
export function createConcurrencyLimit(limit: number, options: LimitOptions = {}) {
  const perPerson = options.perPerson ?? limit
  const waitingPerPerson = options.waitingPerPerson ?? Number.POSITIVE_INFINITY
  let running = 0
  let turns = 0
  const runningOf = new Map<string, number>()
  const waiting = new Map<string, (() => void)[]>()
  // When each person waiting or running last got a slot; one never served yet counts as oldest.
  const lastTurnOf = new Map<string, number>()

  function nextPerson(): string | undefined {
    let chosen: string | undefined
    for (const person of waiting.keys()) {
      if ((runningOf.get(person) ?? 0) >= perPerson) continue
      if (chosen === undefined || (lastTurnOf.get(person) ?? -1) < (lastTurnOf.get(chosen) ?? -1)) chosen = person
    }
    return chosen
  }

  function startNext(): void {
    for (let person = nextPerson(); running < limit && person !== undefined; person = nextPerson()) {
      const queue = waiting.get(person) ?? []
      const next = queue.shift()
      if (queue.length === 0) waiting.delete(person)
      running += 1
      runningOf.set(person, (runningOf.get(person) ?? 0) + 1)
      lastTurnOf.set(person, (turns += 1))
      next?.()
    }
  }

  return async function run<T>(task: () => Promise<T>, person = currentPerson()): Promise<T> {
    const line = waiting.get(person) ?? []
    // Only a task that would really wait counts: a person with a free slot of their own starts at once.
    const mustWait = running >= limit || (runningOf.get(person) ?? 0) >= perPerson || line.length > 0
    if (mustWait && line.length >= waitingPerPerson) throw new QueueFullError(waitingPerPerson, perPerson)
    await new Promise<void>((resolve) => {
      waiting.set(person, [...line, resolve])
      startNext()
    })
    try {
      return await task()
    } finally {
      running -= 1
      const left = (runningOf.get(person) ?? 1) - 1
      if (left > 0) runningOf.set(person, left)
      else {
        runningOf.delete(person)
        if (!waiting.has(person)) lastTurnOf.delete(person)
      }
      startNext()
    }
  }
}

/** Whom the current request serves: the signed-in person, else one shared lane for everyone else. */
function currentPerson(): string {
  return currentRequestContext()?.userId ?? 'anonymous'
}
