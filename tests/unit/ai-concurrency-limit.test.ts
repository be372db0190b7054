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

describe('createConcurrencyLimit shared between people', () => {
  it("gives each person a turn in rotation, so one person's queue does not hold up the others", async () => {
    const limit = createConcurrencyLimit(1)
    const order: string[] = []
    const task = (owner: string, id: string) =>
      limit(async () => {
        order.push(id)
        await new Promise((resolve) => setTimeout(resolve, 2))
      }, owner)
    // The first person sends four clips at once; two others send one each just after.
    await Promise.all([
      task('a', 'a1'),
      task('a', 'a2'),
      task('a', 'a3'),
      task('a', 'a4'),
      task('b', 'b1'),
      task('c', 'c1'),
    ])
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4'])
  })
})
