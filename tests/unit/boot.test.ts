import { describe, expect, it } from 'vitest'
import { createBootState, warmUpLimitMs } from '#server/health/boot.ts'
import { createLogger } from '#server/logger.ts'

const log = createLogger('silent')

/** A promise with its resolve, for a step the test finishes by hand. */
function step<T>() {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe("a replica's boot", () => {
  it('is done only once the runtime started and then a page was rendered', async () => {
    const state = createBootState()
    const runtime = step<undefined>()
    const page = step<Response>()
    const calls: string[] = []
    const booting = state.boot({
      startRuntime: () => {
        calls.push('runtime')
        return runtime.promise
      },
      warmPageRouter: () => {
        calls.push('page')
        return page.promise
      },
      log,
    })
    await flush()
    expect(calls).toEqual(['runtime'])
    expect(state.booted()).toBe(false)
    runtime.resolve(undefined)
    await flush()
    expect(calls).toEqual(['runtime', 'page'])
    expect(state.booted()).toBe(false)
    page.resolve(new Response('<html></html>', { status: 200 }))
    await booting
    expect(state.booted()).toBe(true)
  })

  it('is done when the page fails to render: the replica serves its API', async () => {
    const state = createBootState()
    await state.boot({
      startRuntime: () => Promise.resolve(undefined),
      warmPageRouter: () => Promise.reject(new Error('no renderer')),
      log,
    })
    expect(state.booted()).toBe(true)
  })

  it('is done after the warm-up limit when the page never renders', async () => {
    const state = createBootState()
    const timers: { run: () => void; ms: number }[] = []
    const booting = state.boot({
      startRuntime: () => Promise.resolve(undefined),
      warmPageRouter: () => new Promise<Response>(() => undefined),
      log,
      setTimeout: (run, ms) => {
        timers.push({ run, ms })
        return () => undefined
      },
    })
    await flush()
    expect(state.booted()).toBe(false)
    expect(timers.map((timer) => timer.ms)).toEqual([warmUpLimitMs])
    timers[0]?.run()
    await booting
    expect(state.booted()).toBe(true)
  })

  it('fails, and is never done, when the runtime cannot start', async () => {
    const state = createBootState()
    await expect(
      state.boot({
        startRuntime: () => Promise.reject(new Error('database unreachable')),
        warmPageRouter: () => Promise.resolve(new Response('')),
        log,
      }),
    ).rejects.toThrow('database unreachable')
    expect(state.booted()).toBe(false)
  })
})
