import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Rolldown } from 'vite'
import { liveAudioAssets } from './scripts/vite/live-audio-assets.ts'

// React Query's and the router's "use client" markers mean nothing without server components:
// bundling the server prints dozens of lines about each.
const onwarn: NonNullable<Rolldown.RolldownOptions['onwarn']> = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
  warn(warning)
}

/** The npm package a module of node_modules belongs to, as nitro names its library chunks (`_libs/<package>`). */
const packageChunk = (id: string): string | undefined => {
  const name = /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/.][^\\/]*)/.exec(id)?.[1]
  return name === undefined ? undefined : `_libs/${name.replace('\\', '/')}`
}

// nitro gives each package a chunk and, by default, a chunk takes the dependencies of its package along:
// whichever package is grouped first (Scalar, for the API reference page) swallowed hookable and
// parts of zod, and the server then loaded Scalar, Vue and CodeMirror at start just to reach them.
// Grouping what the server imports at start first keeps those in chunks of their own (decision 0070).
const serverStartGroup: Rolldown.CodeSplittingGroup = {
  test: /node_modules[\\/](?!nitro[\\/])[^.]/,
  name: packageChunk,
  tags: ['$initial'],
  priority: 1,
}

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // What every page loads up front arrives as one file instead of dozens of small ones, each a round trip
            // on a slow phone network; route pages and whatever is imported with import() keep chunks of their own (decision 0049).
            codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
          },
        },
      },
    },
  },
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
    // The live page's voice-activity model and runtime, served from this site (decision 0089).
    liveAudioAssets(),
    nitro({
      // nitro's node-server entry with the address, the slow-client bounds and the stop this app needs (decision 0076).
      entry: './server/nitro/node-server.ts',
      // PGlite and tesseract.js load WASM, workers and data files at run time; untraced, they are missing from .output (or bundled where __dirname does not exist).
      traceDeps: [
        '@electric-sql/pglite',
        'tesseract.js*',
        'tesseract.js-core*',
        '@tesseract.js-data/eng*',
        'wasm-feature-detect',
      ],
      // Runs before the server listens, so `node .output/server/index.mjs` refuses a bad environment.
      plugins: [
        './server/nitro/validate-config.ts',
        './server/nitro/start-runtime.ts',
        './server/nitro/http-pipeline.ts',
        './server/nitro/request-log.ts',
        './server/nitro/graceful-shutdown.ts',
      ],
      // Brotli and gzip copies of every compressible file in .output/public, served by Accept-Encoding (decision 0022).
      compressPublicAssets: { brotli: true, gzip: true },
      // Errors raised before any route (an address that does not decode) answer in the API's envelope.
      errorHandler: './server/nitro/error-handler.ts',
      rolldownConfig: { onwarn, output: { codeSplitting: { groups: [serverStartGroup] } } },
    }),
  ],
})
