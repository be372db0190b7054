import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

const loggerModule = path.resolve('server/logger.ts')
const lineSchema = z.object({ level: z.string(), message: z.string(), n: z.number().optional() })

/** Runs `body` in a node process of its own with `createLogger` imported, and collects its stdout. */
function runLogging(
  body: string,
  {
    stopAfterMs,
    reading = true,
    nodeFlags = [],
  }: { stopAfterMs?: number; reading?: boolean; nodeFlags?: string[] } = {},
) {
  const script = `import { createLogger } from ${JSON.stringify(loggerModule)}\n${body}`
  const child = spawn(process.execPath, [...nodeFlags, '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const startReading = () => child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  if (reading) startReading()
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const lines = () =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => lineSchema.parse(JSON.parse(line)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (stopAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), stopAfterMs)
  return { lines, exited, startReading, stdout: () => stdout, stderr: () => stderr, kill: () => child.kill('SIGKILL') }
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

  it('keeps its memory bounded when nobody reads its output, and says how many lines it dropped', async () => {
    // 200 MB of lines into a pipe nobody reads: they cannot all wait in memory.
    const run = runLogging(
      `
      const log = createLogger('info')
      const text = 'x'.repeat(500)
      for (let batch = 0; batch < 400; batch += 1) {
        for (let n = 0; n < 1000; n += 1) log.info(text)
        await new Promise((resolve) => setImmediate(resolve))
      }
      globalThis.gc()
      process.stderr.write(JSON.stringify({ heapMb: process.memoryUsage().heapUsed / 2 ** 20 }) + '\\n')
      setInterval(() => {}, 1000)
    `,
      { reading: false, nodeFlags: ['--expose-gc'] },
    )
    await expect.poll(() => run.stderr(), { timeout: 60_000, interval: 100 }).toContain('heapMb')
    const { heapMb } = z.object({ heapMb: z.number() }).parse(JSON.parse(run.stderr().trim().split('\n').at(-1) ?? ''))
    // What waits is capped at 16 MB; the 200 MB written are not held.
    expect(heapMb).toBeLessThan(64)
    // Once the output is read again, the lines kept come out, and then a count of those dropped.
    run.startReading()
    const dropped = z.object({ level: z.literal('warn'), dropped: z.number() })
    const reports = () =>
      run
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"dropped"'))
        .map((line) => dropped.parse(JSON.parse(line)))
    await expect.poll(reports, { timeout: 30_000, interval: 100 }).toHaveLength(1)
    expect(reports()[0]?.dropped).toBeGreaterThan(100_000)
    run.kill()
    await run.exited
  }, 90_000)
})
