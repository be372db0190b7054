import { execFile } from 'node:child_process'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server.ts'

const run = promisify(execFile)

export type ThrowawayCluster = {
  /** The cluster's `postgres` database, over TCP on 127.0.0.1. */
  url: string
  /** A fast shutdown: open connections are terminated, new ones refused. */
  stop: () => Promise<void>
  start: () => Promise<void>
  /** Stops it if it runs and removes every file. */
  destroy: () => Promise<void>
}

/**
 * A PostgreSQL cluster of its own in a temporary folder, on a free port, for a test that must stop
 * and start the server: the shared server other tests use is never touched. Needs PostgreSQL's
 * server programs (`pg_config --bindir`, or PG_BIN_DIR). initdb refuses to run as root, so as root
 * the cluster belongs to the `postgres` user; as anyone else it belongs to the caller.
 */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const binDir = process.env.PG_BIN_DIR ?? (await run('pg_config', ['--bindir'])).stdout.trim()
  const asRoot = process.getuid?.() === 0
  const owner = asRoot ? await postgresUser() : undefined
  const folder = await mkdtemp(path.join(tmpdir(), 'ih-cluster-'))
  if (owner) await chown(folder, owner.uid, owner.gid)
  const dataDir = path.join(folder, 'data')
  const port = await freePort()
  const program = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, name), ...args])
      : run(path.join(binDir, name), args)
  const pgCtl = (args: string[]) => program('pg_ctl', ['-D', dataDir, '-w', '-t', '60', ...args])

  let running = false
  const start = async () => {
    await pgCtl([
      '-l',
      path.join(folder, 'server.log'),
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`,
      'start',
    ])
    running = true
  }
  const stop = async () => {
    await pgCtl(['-m', 'fast', 'stop'])
    running = false
  }
  const destroy = async () => {
    if (running) await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined)
    running = false
    await rm(folder, { recursive: true, force: true })
  }

  try {
    await program('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'])
    await start()
  } catch (error) {
    await destroy()
    throw error
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, start, destroy }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])])
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}
