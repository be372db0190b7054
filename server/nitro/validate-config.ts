import { definePlugin } from 'nitro'
import { loadConfigOrExit } from '#app.config.ts'

// Runs before the server listens: `node .output/server/index.mjs` with a bad variable says which and exits 1.
export default definePlugin(() => {
  loadConfigOrExit()
})
