import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBuiltServerUntilExit, startBuiltServer, type RunningServer } from '#tests/support/server.ts'

describe('two servers on one PGlite data folder', () => {
  let first: RunningServer
  // A server of its own on PGlite: compiling PGlite's WASM takes a while on a busy machine.
  beforeAll(async () => {
    first = await startBuiltServer()
  }, 180_000)
  afterAll(async () => {
    await (first as RunningServer | undefined)?.stop()
  })

  it('the second refuses to start, saying the folder is in use, and the first keeps serving', async () => {
    const second = await runBuiltServerUntilExit({ DATA_DIR: first.dataDir }, 60_000)
    expect(second.timedOut).toBe(false)
    expect(second.code).toBe(1)
    expect(second.stderr).toContain(`Could not start: The data folder ${first.dataDir} is in use by another server`)
    expect((await fetch(`${first.url}/api/auth/plans`)).status).toBe(200)
  }, 120_000)
})
