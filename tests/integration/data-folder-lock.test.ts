/**
 * One server per PGlite data folder: a second one refuses to start while the first runs, and a
 * lock left by a killed server does not block the next start.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { lockDataFolder } from '#server/db/data-folder-lock.ts'
import { openDatabase } from '#server/db/open-database.ts'

const lockModule = fileURLToPath(new URL('../../server/db/data-folder-lock.ts', import.meta.url))

/** Another process that takes the lock and then holds it until it is killed. */
async function holderProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { lockDataFolder } from ${JSON.stringify(lockModule)}; lockDataFolder(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000)`,
      dataDir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the holder exited (${code}) before locking`)))
  })
  return child
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

describe('the PGlite data folder lock', () => {
  let dataDir: string
  let holder: ChildProcess | undefined
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'interview-helper-lock-'))
  })
  afterEach(async () => {
    if (holder?.exitCode === null && holder.signalCode === null) await killed(holder)
    await rm(dataDir, { recursive: true, force: true })
  })

  it('refuses a second opener while the first process runs, naming it', async () => {
    holder = await holderProcess(dataDir)
    const message = new RegExp(`in use by another server \\(process ${holder.pid}\\)`)
    expect(() => lockDataFolder(dataDir)).toThrow(message)
    expect(() => openDatabase({ kind: 'pglite', dataDir })).toThrow(message)
  })

  it('has the support commands say to stop the server, without a stack trace, while it holds the folder', async () => {
    holder = await holderProcess(dataDir)
    const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL'))
    const grant = spawn(process.execPath, ['scripts/grant-support.ts', 'staff@example.com'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...environment, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    grant.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => grant.once('exit', resolve))
    expect(code).toBe(1)
    expect(stderr.trim()).toBe(
      `The data folder ${dataDir} is in use by the server running as process ${holder.pid}: the embedded database belongs to one process. Stop the server, run this command, then start the server again (with DATABASE_URL set, commands run beside the server).`,
    )
    expect(stderr).not.toMatch(/\n\s+at /)
  })

  it('takes over the lock of a process that was killed', async () => {
    holder = await holderProcess(dataDir)
    await killed(holder)
    // SIGKILL: the holder had no chance to remove its lock.
    expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(holder.pid))
    const lock = lockDataFolder(dataDir)
    expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid))
    lock.release()
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
  })

  it('is released when the database closes, so the folder can be opened again', async () => {
    const first = openDatabase({ kind: 'pglite', dataDir })
    await first.close()
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
    const second = openDatabase({ kind: 'pglite', dataDir })
    await second.close()
  })
})
