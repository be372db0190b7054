import type { TestProject } from 'vitest/node'
import { buildIfStale } from '#scripts/build-if-stale.mjs'
import { startBuiltServer, type RunningServer } from './server.ts'

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only with an interface
  export interface ProvidedContext {
    baseUrl: string
  }
}

type SharedServer = { server: Promise<RunningServer>; users: number }
const sharedKey = Symbol.for('interview-helper.test-server')
const registry = globalThis as typeof globalThis & { [sharedKey]?: SharedServer }

/**
 * For the 'http' and 'e2e' projects: build once if needed, then one server for the whole run.
 * Each project calls this; they share the build and the server through globalThis, so a second
 * build never rewrites .output under a server that is already running.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let shared = registry[sharedKey]
  if (!shared) {
    shared = {
      server: Promise.resolve().then(() => {
        buildIfStale({ quiet: true })
        // Tests pose as many clients: each may send its own X-Forwarded-For, so abuse limits per address do not mix them up.
        return startBuiltServer({ TRUST_PROXY: '1' })
      }),
      users: 0,
    }
    registry[sharedKey] = shared
  }
  shared.users += 1
  const server = await shared.server
  project.provide('baseUrl', server.url)
  return async () => {
    const current = registry[sharedKey]
    if (!current) return
    current.users -= 1
    if (current.users > 0) return
    registry[sharedKey] = undefined
    await server.stop()
  }
}
