import { definePlugin } from 'nitro'
import { loadConfig } from '#app.config.ts'
import { bootState } from '#server/health/boot.ts'
import { createLogger } from '#server/logger.ts'
import { getRuntime } from '#server/runtime.ts'

/** A page every visitor's first request renders; rendering it loads what every page needs. */
const warmUpPage = 'http://localhost/'

// Migrations and the first projection catch-up run at boot, not at the first request: a database
// that cannot be reached or migrated stops the server with a clear message. Then one page is
// rendered, so the page router's first load does not hold a replica already taking traffic; the
// health checks answer 503 until both are done (decision 0138).
export default definePlugin((nitroApp) => {
  // nitro's own handler, before the plugins after this one wrap it: static files and the page
  // router, without the request log (the warm-up is no visitor's request).
  const pages = nitroApp.fetch
  bootState()
    .boot({
      startRuntime: getRuntime,
      warmPageRouter: async () => pages(new Request(warmUpPage)),
      log: createLogger(loadConfig().logLevel),
    })
    .catch((error: unknown) => {
      process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`)
      process.exit(1)
    })
})
