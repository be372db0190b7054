import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export type DataFolderLock = { release: () => void }

const errorCode = (error: unknown) => (error instanceof Error && 'code' in error ? error.code : undefined)

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM'
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
}

/** The folder is held by another process that still runs: a server, most likely. */
export class DataFolderInUse extends Error {
  readonly dataDir: string
  readonly holder: number
  constructor(dataDir: string, holder: number) {
    super(
      `The data folder ${dataDir} is in use by another server (process ${holder}). ` +
        'Stop that server first, or set DATA_DIR to another folder.',
    )
    this.name = 'DataFolderInUse'
    this.dataDir = dataDir
    this.holder = holder
  }
}

/**
 * Embedded PostgreSQL is one process's database: a second server on the same folder would write
 * the same files and corrupt them. The first server writes its pid into `pglite.lock`; another
 * one refuses to start while that process runs. A lock left by a process that was killed names a
 * process that no longer runs, and is taken over.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const file = path.join(path.resolve(dataDir), 'pglite.lock')
  const release = () => {
    if (holderOf(file) === process.pid) unlinkSync(file)
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      process.once('exit', release)
      return { release }
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error
    }
    const holder = holderOf(file)
    // Our own pid: this process opens the folder again after closing it, or a restart reused the pid.
    if (holder !== undefined && holder !== process.pid && isRunning(holder))
      throw new DataFolderInUse(path.resolve(dataDir), holder)
    try {
      unlinkSync(file)
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error
    }
  }
  throw new Error(`Could not lock the data folder ${path.resolve(dataDir)}: another server is starting on it`)
}
