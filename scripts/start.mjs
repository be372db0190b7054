// `npm start`: check the configuration, build if the sources changed, then serve the built app.
import { pathToFileURL } from 'node:url'
import { buildIfStale, serverEntry } from './build-if-stale.mjs'

const { loadConfigOrExit } = await import('#app.config.ts')

// Checked here too so that a bad environment is reported before a build starts.
loadConfigOrExit()

try {
  buildIfStale()
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}

// The built server listens on PORT (default 3000) and HOST (loopback by default), from the same configuration.
await import(pathToFileURL(serverEntry).href)
