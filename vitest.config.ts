import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'events/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pglite-template-setup.ts'],
        },
      },
      {
        test: {
          // The event store and projectors on PGlite and on PostgreSQL (TEST_DATABASE_URL).
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pglite-template-setup.ts'],
          // PGlite compiles its WASM at start: seconds when idle, a minute or more on a busy 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'http',
          include: ['tests/http/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pglite-template-setup.ts', 'tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The built server on a PostgreSQL cluster of its own that the test stops and starts.
          name: 'fault',
          include: ['tests/fault/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pglite-template-setup.ts', 'tests/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pglite-template-setup.ts', 'tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser at a time: the machine has two cores shared with the server.
          fileParallelism: false,
        },
      },
    ],
  },
})
