import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Rolldown } from 'vite'

// React Query's and the router's "use client" markers mean nothing without server components:
// bundling the server prints dozens of lines about each.
const onwarn: NonNullable<Rolldown.RolldownOptions['onwarn']> = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
  warn(warning)
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'src',
      importProtection: {
        // server/ holds secrets, the database and the tRPC router: none of it may reach the browser bundle.
        client: { files: ['**/*.server.*', '**/server/**', '**/events/**', '**/migrations/**', '**/inngest/**'] },
      },
    }),
    viteReact(),
    nitro({
      // PGlite loads its WASM and data files at run time; without tracing they are missing from .output.
      traceDeps: ['@electric-sql/pglite'],
      // Runs before the server listens, so `node .output/server/index.mjs` refuses a bad environment.
      plugins: ['./server/nitro/validate-config.ts', './server/nitro/start-runtime.ts'],
      rolldownConfig: { onwarn },
    }),
  ],
})
