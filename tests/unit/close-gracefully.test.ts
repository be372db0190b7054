import { describe, expect, it } from 'vitest'
import { manualTimers } from '#tests/support/manual-timers.ts'
import { closeGracefully } from '#server/http/close-gracefully.ts'

/** A server close the test finishes by hand; `calls` records each call's `force`. */
function manualClose() {
  const calls: boolean[] = []
  const finishers: (() => void)[] = []
  return {
    calls,
    close: (force: boolean) => {
      calls.push(force)
      return new Promise<void>((resolve) => finishers.push(resolve))
    },
    finish: () => {
      for (const finish of finishers.splice(0)) finish()
    },
  }
}

/** Whether the promise settled by now (after the microtasks queued so far). */
async function settled(promise: Promise<void>) {
  let done = false
  void promise.then(
    () => (done = true),
    () => (done = true),
  )
  await new Promise((resolve) => setImmediate(resolve))
  return done
}

describe('closeGracefully', () => {
  it('leaves no timer behind once the close finished within the bound', async () => {
    const clock = manualTimers()
    const server = manualClose()
    const closing = closeGracefully(server.close, 10_000, clock.timers)
    clock.advance(3_000)
    server.finish()
    expect(await settled(closing)).toBe(true)
    expect(server.calls).toEqual([false])
    // The bound's timer would keep the stopped process alive until it fired.
    expect(clock.pending()).toBe(0)
  })

  it('cuts the connections left once the bound passed, and finishes with that close', async () => {
    const clock = manualTimers()
    const server = manualClose()
    const closing = closeGracefully(server.close, 10_000, clock.timers)
    clock.advance(9_999)
    expect(server.calls).toEqual([false])
    clock.advance(1)
    expect(server.calls).toEqual([false, true])
    expect(await settled(closing)).toBe(false)
    server.finish()
    expect(await settled(closing)).toBe(true)
    expect(clock.pending()).toBe(0)
  })

  it('passes on a close that fails, and clears the bound', async () => {
    const clock = manualTimers()
    const closing = closeGracefully(() => Promise.reject(new Error('not running')), 10_000, clock.timers)
    await expect(closing).rejects.toThrow('not running')
    expect(clock.pending()).toBe(0)
  })
})
