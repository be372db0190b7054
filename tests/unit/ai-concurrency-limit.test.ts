import { describe, expect, it } from 'vitest'
import { createConcurrencyLimit } from '#server/ai/concurrency-limit.ts'

describe('createConcurrencyLimit', () => {
  it('runs at most the limit at once, in arrival order, and survives failures', async () => {
    const limit = createConcurrencyLimit(2)
    let running = 0
    let peak = 0
    const order: number[] = []
    const task = (id: number, fail = false) =>
      limit(async () => {
        running += 1
        peak = Math.max(peak, running)
        order.push(id)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running -= 1
        if (fail) throw new Error(`task ${id}`)
        return id
      })
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)])
    expect(peak).toBe(2)
    expect(order).toEqual([1, 2, 3, 4, 5])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled'])
  })
})
