/** What a delivery attempt came to: sent (answered or refused for good), or to try again once back online. */
export type Delivery = 'sent' | 'retry'

type Options<T> = {
  /** Sends one utterance; 'retry' keeps it (and those after it) for the next attempt. */
  deliver: (item: T) => Promise<Delivery>
  /** An utterance older than this when its turn comes is dropped: the question it asked has passed. */
  maxAgeMs: number
  now: () => number
  onDropped: (item: T) => void
  onPending: (count: number) => void
}

/**
 * The utterances heard but not yet sent, in the order they were spoken, one in flight at a time.
 * A connection that drops keeps them here (nowhere else: nothing is stored on the device) until
 * `retry` is called once it is back.
 */
export function createUtteranceQueue<T>({ deliver, maxAgeMs, now, onDropped, onPending }: Options<T>) {
  const pending: { item: T; heardAt: number }[] = []
  let draining = false

  async function drain() {
    if (draining) return
    draining = true
    try {
      for (let head = pending[0]; head; head = pending[0]) {
        if (now() - head.heardAt > maxAgeMs) {
          pending.shift()
          onDropped(head.item)
          continue
        }
        if ((await deliver(head.item)) === 'retry') break
        pending.shift()
      }
    } finally {
      draining = false
      onPending(pending.length)
    }
  }

  return {
    add(item: T) {
      pending.push({ item, heardAt: now() })
      onPending(pending.length)
      void drain()
    },
    retry: () => void drain(),
    /** Stops: whatever was not sent is given up and reported. */
    clear() {
      for (const { item } of pending.splice(0)) onDropped(item)
      onPending(0)
    },
  }
}
