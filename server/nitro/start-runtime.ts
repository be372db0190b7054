import { definePlugin } from 'nitro'
import { getRuntime } from '#server/runtime.ts'

// Migrations and the first projection catch-up run at boot, not at the first request: a database
// that cannot be reached or migrated stops the server with a clear message.
export default definePlugin(() => {
  getRuntime().catch((error: unknown) => {
    process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
})
