import type { Logger } from '#server/logger.ts'

/**
 * A replica's boot: the runtime (migrations, the first projection catch-up), then one page
 * rendered by the page router, so that its first load (about a second idle, five on a loaded
 * host, holding every request meanwhile) happens before the proxy sends any traffic here. The
 * health checks answer 503 until both are done (decision 0138).
 */

/** The longest the warm-up may take: a page that never renders must not keep the replica out of the pool. */
export const warmUpLimitMs = 30_000

type BootSteps = {
  startRuntime: () => Promise<unknown>
  /** Renders one page through the page router; what it answers does not matter, only that it loaded. */
  warmPageRouter: () => Promise<Response>
  log: Logger
  setTimeout?: (run: () => void, ms: number) => () => void
}

export function createBootState() {
  let done = false
  return {
    /** Whether the runtime started and the page router was warmed. */
    booted: () => done,
    /** Boots; rejects only when the runtime cannot start (the caller stops the process). */
    boot: async (steps: BootSteps) => {
      await bootSteps(steps)
      done = true
    },
  }
}

type BootState = ReturnType<typeof createBootState>

// On globalThis: the nitro plugin that boots and the handlers answering the health checks are
// bundled apart (the page router's copy serves them too).
const holder = globalThis as typeof globalThis & { __interviewHelperBoot?: BootState }

export function bootState(): BootState {
  return (holder.__interviewHelperBoot ??= createBootState())
}

async function bootSteps(steps: BootSteps): Promise<void> {
  await steps.startRuntime()
  const started = performance.now()
  const schedule =
    steps.setTimeout ??
    ((run, ms) => {
      const timer = setTimeout(run, ms)
      return () => clearTimeout(timer)
    })
  let cancel: () => void = () => undefined
  const limit = new Promise<'late'>((resolve) => {
    cancel = schedule(() => resolve('late'), warmUpLimitMs)
  })
  const warmed = steps.warmPageRouter().then(
    (response) => {
      void response.body?.cancel()
      return response.status < 500 ? 'warm' : `answered ${response.status}`
    },
    (error: unknown) => {
      steps.log.warn('warming the page router failed', { error })
      return 'failed'
    },
  )
  const outcome = await Promise.race([warmed, limit])
  cancel()
  if (outcome === 'late') steps.log.warn('warming the page router took too long: serving anyway', { warmUpLimitMs })
  else if (outcome !== 'warm') steps.log.warn('warming the page router did not render the page', { outcome })
  else steps.log.debug('page router warmed', { ms: Math.round(performance.now() - started) })
}
