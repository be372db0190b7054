import { spawn, type ChildProcess } from 'node:child_process'
import { openSync, closeSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { serverEntry, projectRoot } from '#scripts/build-if-stale.mjs'
import { cpuMilliseconds } from './drive.ts'
import { freePort } from '#tests/support/server.ts'

export type LaunchedServer = {
  url: string
  pid: number
  /** Milliseconds from the spawn to the first 200 of `GET /api/auth/plans`. */
  firstOkMs: number
  /** CPU the server process had used by then (user + system): steadier than wall time on a busy machine. */
  firstOkCpuMs: number
  stop: () => Promise<void>
}

/**
 * Starts the built server with `env` (its log goes to `logFile`, not through this process) and
 * times its first 200, polling every 10 ms. `root` is the checkout whose build runs (this one by default).
 */
export async function launchBuiltServer(
  env: Record<string, string>,
  logFile: string,
  root = projectRoot,
): Promise<LaunchedServer> {
  const port = await freePort()
  const log = openSync(logFile, 'a')
  const { TEST: _test, CI: _ci, ...inherited } = process.env
  const started = performance.now()
  const entry = root === projectRoot ? serverEntry : path.join(root, '.output/server/index.mjs')
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  const firstOkMs = await firstOk(url, child, started, logFile)
  const firstOkCpuMs = await cpuMilliseconds(child.pid ?? 0)
  return { url, pid: child.pid ?? 0, firstOkMs, firstOkCpuMs, stop: () => stop(child, exited) }
}

async function firstOk(url: string, child: ChildProcess, started: number, logFile: string): Promise<number> {
  const deadline = started + 60_000
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}); its log: ${logFile}`)
    const ok = await fetch(`${url}/api/auth/plans`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (ok) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  child.kill('SIGKILL')
  throw new Error(`The server did not answer within 60 s; its log: ${logFile}`)
}

async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  await exited
  clearTimeout(timer)
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN)
  return kilobytes / 1024
}
