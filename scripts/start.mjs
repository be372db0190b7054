// `npm start`: check the configuration, build if the sources changed, then serve the built app.
import { pathToFileURL } from 'node:url'
import { buildIfStale, serverEntry } from './build-if-stale.mjs'

const { loadConfigOrExit } = await import('#app.config.ts')

const config = loadConfigOrExit()
// The built server reads HOST itself; `npm start` hands it the configured one (loopback by default).
process.env.HOST = config.host

try {
  buildIfStale()
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}

// The built server listens on PORT (default 3000) and HOST, and validates the configuration again.
await import(pathToFileURL(serverEntry).href)
