import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { projectRoot, serverEntry } from '#scripts/build-if-stale.mjs'

export type RunningServer = {
  url: string
  pid: number
  dataDir: string
  output: () => string
  /** Resolves with the first output line matching `pattern` (the log is one JSON line per entry). */
  waitForOutput: (pattern: RegExp) => Promise<string>
  /** Sends the server process a signal; `exited` tells how it ended. */
  signal: (signal: NodeJS.Signals) => void
  exited: Promise<ProcessEnd>
  /** SIGTERM, then waits for the exit: a server that does not exit 0 by itself fails the caller; removes the data folder. */
  stop: () => Promise<void>
}

type ProcessEnd = { code: number | null; signal: NodeJS.Signals | null }

/** The entry points that serve the built app: the built server itself, and `npm start`'s script. */
export const serverEntries = { built: serverEntry, npmStart: path.join(projectRoot, 'scripts/start.mjs') }

/**
 * The child's environment: vitest sets TEST, and CI may be set; with either, srvx (and the app)
 * leave SIGTERM to Node's default, a kill. Test servers stop the way a deployed one does.
 */
function serverEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  const { TEST: _test, CI: _ci, ...inherited } = process.env
  return { ...inherited, LOG_LEVEL: 'warn', ...env }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts the built server; waits until it serves. On `env.PORT` when given (a replica started
 * again where a proxy expects it), else on a free port; with `env.DATA_DIR` when given (replicas
 * sharing their generated secrets), else a fresh data folder of its own, removed at the stop.
 */
export async function startBuiltServer(
  /** Loopback unless HOST is given; `HOST: undefined` leaves it unset, as a bare `node` start does. */
  env: Record<string, string | undefined> = {},
  entry: string = serverEntries.built,
): Promise<RunningServer> {
  const { HOST: _host, PORT: fixedPort, DATA_DIR: sharedDataDir, ...rest } = env
  const port = fixedPort ?? String(await freePort())
  const ownDataDir = sharedDataDir === undefined
  const dataDir = sharedDataDir ?? (await mkdtemp(path.join(tmpdir(), 'interview-helper-test-')))
  const host = 'HOST' in env ? env.HOST : '127.0.0.1'
  const defined = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  const { HOST: _inheritedHost, ...environment } = serverEnvironment(defined)
  const child = spawn(process.execPath, [entry], {
    cwd: projectRoot,
    env: { ...environment, ...(host === undefined ? {} : { HOST: host }), PORT: port, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<ProcessEnd>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  let output = ''
  const watchers = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    for (const watcher of watchers) watcher()
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const waitForOutput = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = output.split('\n').find((candidate) => pattern.test(candidate))
        if (line !== undefined) {
          watchers.delete(check)
          resolve(line)
        } else if (child.exitCode !== null || child.signalCode !== null) {
          watchers.delete(check)
          reject(new Error(`The server exited before printing ${String(pattern)}:\n${output}`))
        }
      }
      watchers.add(check)
      child.once('exit', check)
      check()
    })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    try {
      await stopProcess(child, exited, () => output)
    } finally {
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true })
    }
  }
  try {
    await waitUntilServing(url, child, () => output)
  } catch (error) {
    await stop().catch(() => undefined)
    throw error
  }
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    waitForOutput,
    signal: (name) => child.kill(name),
    exited,
    stop,
  }
}

/**
 * Polls the health check until it answers 200: the server booted (migrations ran, the runtime is
 * up, the page router warmed), as a proxy waits for before sending it requests. With HEAD, which a
 * proxy does not poll: a stop must not take the test for a proxy it has to hand over to.
 */
async function waitUntilServing(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before serving:\n${output()}`)
    }
    try {
      const response = await fetch(`${url}/api/health`, { method: 'HEAD', signal: AbortSignal.timeout(5_000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output()}`)
}

/** Longer than the server's own bound (10 s to hand over to a proxy, 10 s to drain, 10 s to close): past it the server is stuck. */
const stuckAfterMs = 40_000

/**
 * Asks the server to stop as an operator would; anything but a clean exit 0 is reported. A server
 * that already ended (a test stopped it and checked how) is left as it is.
 */
async function stopProcess(child: ChildProcess, exited: Promise<ProcessEnd>, output: () => string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), stuckAfterMs)
  const end = await exited
  clearTimeout(timer)
  if (end.code !== 0) {
    throw new Error(`The server did not stop cleanly on SIGTERM (${end.code ?? end.signal}):\n${output()}`)
  }
}

export type ExitResult = {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  timedOut: boolean
}

/** Runs the built server expecting it to refuse to start; kills it after `timeoutMs`. */
export async function runBuiltServerUntilExit(env: Record<string, string>, timeoutMs = 10_000): Promise<ExitResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'interview-helper-test-'))
  const child = spawn(process.execPath, [serverEntry], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    child.kill('SIGKILL')
  }, timeoutMs)
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  )
  clearTimeout(timer)
  await rm(dataDir, { recursive: true, force: true })
  return { code, signal, stdout, stderr, timedOut }
}
