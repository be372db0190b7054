import { describe, expect, it } from 'vitest'
import { runBuiltServerUntilExit } from '#tests/support/server.ts'

const stackFrame = /^\s+at .+/m

describe('the built server refuses a bad configuration at boot', () => {
  it.each([
    ['PORT', { PORT: 'notaport' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
  ])('%s: exits non-zero within seconds, naming the variable, with no stack trace', async (name, env) => {
    const started = Date.now()
    const result = await runBuiltServerUntilExit(env, 10_000)
    expect(result.timedOut).toBe(false)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(result.code).not.toBe(0)
    expect(result.code).not.toBeNull()
    expect(result.stderr).toContain('Invalid configuration')
    expect(result.stderr).toContain(name)
    expect(result.stderr).not.toMatch(stackFrame)
    expect(result.stdout).not.toContain('Listening')
  })
})
