import { describe, expect, it } from 'vitest'
import { createConcurrencyLimit, QueueFullError } from '#server/ai/concurrency-limit.ts'

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

  it('gives each person a fair share: a free slot goes to the person who waited longest, not to the first in line', async () => {
    const limit = createConcurrencyLimit(1, { perPerson: 1 })
    const order: string[] = []
    const releases: (() => void)[] = []
    const job = (person: string, name: string) =>
      limit(async () => {
        order.push(name)
        await new Promise<void>((resolve) => releases.push(resolve))
      }, person)
    const jobs = [job('heavy', 'heavy-1'), job('heavy', 'heavy-2'), job('heavy', 'heavy-3'), job('light', 'light-1')]
    // Each job in turn finishes once the queue has had a chance to start the next.
    for (const _ of jobs) {
      await new Promise((resolve) => setImmediate(resolve))
      releases.shift()?.()
    }
    await Promise.all(jobs)
    expect(order).toEqual(['heavy-1', 'light-1', 'heavy-2', 'heavy-3'])
  })

  it('runs no more than perPerson of one person at once, while others use the free slots', async () => {
    const limit = createConcurrencyLimit(3, { perPerson: 1 })
    const running = new Map<string, number>()
    let peakOfOne = 0
    let peak = 0
    const job = (person: string) =>
      limit(async () => {
        running.set(person, (running.get(person) ?? 0) + 1)
        peakOfOne = Math.max(peakOfOne, running.get('heavy') ?? 0)
        peak = Math.max(
          peak,
          [...running.values()].reduce((sum, count) => sum + count, 0),
        )
        await new Promise((resolve) => setTimeout(resolve, 2))
        running.set(person, (running.get(person) ?? 1) - 1)
      }, person)
    await Promise.all([job('heavy'), job('heavy'), job('heavy'), job('a'), job('b')])
    expect(peakOfOne).toBe(1)
    expect(peak).toBe(3)
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

describe('createConcurrencyLimit with a waiting line per person', () => {
  it('refuses a person whose line is full, before the task starts, while others still queue', async () => {
    const limit = createConcurrencyLimit(1, { perPerson: 1, waitingPerPerson: 2 })
    const releases: (() => void)[] = []
    const started: string[] = []
    const job = (person: string, name: string) =>
      limit(async () => {
        started.push(name)
        await new Promise<void>((resolve) => releases.push(resolve))
        return name
      }, person)
    const accepted = [job('heavy', 'heavy-1'), job('heavy', 'heavy-2'), job('heavy', 'heavy-3')]
    const refused = await job('heavy', 'heavy-4').catch((caught: unknown) => caught)
    expect(refused).toBeInstanceOf(QueueFullError)
    expect(refused).toMatchObject({ waiting: 2 })
    const light = job('light', 'light-1')
    while (releases.length > 0 || started.length < 4) {
      await new Promise((resolve) => setImmediate(resolve))
      releases.shift()?.()
    }
    expect(await Promise.all([...accepted, light])).toEqual(['heavy-1', 'heavy-2', 'heavy-3', 'light-1'])
    expect(started).not.toContain('heavy-4')
    // Once the line has moved on, the same person is accepted again.
    const again = job('heavy', 'heavy-5')
    await new Promise((resolve) => setImmediate(resolve))
    releases.shift()?.()
    expect(await again).toBe('heavy-5')
  })
})
