import { defineConfig } from 'vite'

// `npm run migrate` for the container image: scripts/migrate.ts bundled next to the built server, so
// the image needs no sources and no node_modules beyond the ones nitro traced into .output/server.
export default defineConfig({
  publicDir: false,
  build: {
    ssr: 'scripts/migrate.ts',
    outDir: '.output/server/migrate',
    emptyOutDir: true,
    target: 'node24',
    rolldownOptions: { output: { entryFileNames: 'migrate.mjs' } },
  },
  ssr: {
    // Everything in the bundle but PGlite, whose WASM and data files load from its folder: the copy
    // nitro traced into .output/server/node_modules.
    noExternal: true,
    external: ['@electric-sql/pglite'],
  },
})
