import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

const loggerModule = path.resolve('server/logger.ts')
const lineSchema = z.object({ level: z.string(), message: z.string(), n: z.number().optional() })

/** Runs `body` in a node process of its own with `createLogger` imported, and collects its stdout. */
function runLogging(body: string, { stopAfterMs }: { stopAfterMs?: number } = {}) {
  const script = `import { createLogger } from ${JSON.stringify(loggerModule)}\n${body}`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  const lines = () =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => lineSchema.parse(JSON.parse(line)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (stopAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), stopAfterMs)
  return { lines, exited }
}

describe('the logger on standard output', () => {
  it('keeps every line of every logger, in order, when the process exits right after writing them', async () => {
    const run = runLogging(`
      const request = createLogger('info', undefined, { redactFields: false })
      const app = createLogger('info')
      for (let n = 0; n < 3000; n += 1) (n % 2 ? request : app).info('line', { n })
      process.exit(3)
    `)
    expect(await run.exited).toBe(3)
    expect(run.lines().map((line) => line.n)).toEqual(Array.from({ length: 3000 }, (_, n) => n))
  })

  it('keeps the lines written before an uncaught error ends the process', async () => {
    const run = runLogging(`
      const log = createLogger('info')
      for (let n = 0; n < 50; n += 1) log.warn('before the fault', { n })
      setTimeout(() => { throw new Error('fault') }, 10)
    `)
    expect(await run.exited).toBe(1)
    expect(run.lines()).toHaveLength(50)
  })

  it('writes a line out within moments on a quiet server, without waiting for more lines or the exit', async () => {
    const run = runLogging(
      `
      createLogger('info').info('ready')
      setInterval(() => {}, 1000)
    `,
      { stopAfterMs: 3_000 },
    )
    // Killed outright: nothing can be written at exit, so the line was written while the process ran.
    await run.exited
    expect(run.lines().map((line) => line.message)).toEqual(['ready'])
  })
})
