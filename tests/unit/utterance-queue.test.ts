import { describe, expect, it } from 'vitest'
import { createUtteranceQueue, type Delivery } from '#src/live/utterance-queue.ts'

function harness(outcomes: Delivery[]) {
  let clock = 0
  const delivered: string[] = []
  const dropped: string[] = []
  const counts: number[] = []
  const queue = createUtteranceQueue<string>({
    deliver: (item) => {
      delivered.push(item)
      return Promise.resolve(outcomes.shift() ?? 'sent')
    },
    maxAgeMs: 1_000,
    now: () => clock,
    onDropped: (item) => dropped.push(item),
    onPending: (count) => counts.push(count),
  })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { queue, delivered, dropped, counts, settle, advance: (ms: number) => (clock += ms) }
}

describe('the utterances waiting to be sent', () => {
  it('sends them in the order they were heard', async () => {
    const { queue, delivered, settle } = harness([])
    queue.add('first')
    queue.add('second')
    await settle()
    expect(delivered).toEqual(['first', 'second'])
  })

  it('keeps an utterance the connection could not carry, and those after it, until retried', async () => {
    const { queue, delivered, counts, settle } = harness(['retry'])
    queue.add('first')
    queue.add('second')
    await settle()
    expect(delivered).toEqual(['first'])
    expect(counts.at(-1)).toBe(2)
    queue.retry()
    await settle()
    expect(delivered).toEqual(['first', 'first', 'second'])
    expect(counts.at(-1)).toBe(0)
  })

  it('gives up, and says so, on an utterance whose moment has passed while offline', async () => {
    const { queue, delivered, dropped, settle, advance } = harness(['retry'])
    queue.add('stale')
    await settle()
    advance(1_001)
    queue.add('fresh')
    await settle()
    expect(dropped).toEqual(['stale'])
    expect(delivered).toEqual(['stale', 'fresh'])
  })

  it('reports every unsent utterance when stopped', async () => {
    const { queue, dropped, settle } = harness(['retry'])
    queue.add('a')
    queue.add('b')
    await settle()
    queue.clear()
    expect(dropped).toEqual(['a', 'b'])
  })
})
