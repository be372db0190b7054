import { spawn, spawnSync } from 'node:child_process'
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrations } from '#migrations/index.ts'
import { migrationLockKeys } from '#migrations/migrate.ts'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { createTestDatabase } from '#tests/support/databases.ts'
import { runBuiltServerUntilExit } from '#tests/support/server.ts'

const migrators = 4

type Finished = { code: number | null; output: string }

function runMigrate(env: Record<string, string>, entry = 'scripts/migrate.ts', cwd = projectRoot): Promise<Finished> {
  const child = spawn(process.execPath, [entry], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })))
}

/** `Applied 0001-…, 0002-… to PostgreSQL (DATABASE_URL).` → the names; `… is up to date.` → none. */
function appliedIn(output: string): string[] {
  const match = /^Applied (.+) to /m.exec(output)
  return match?.[1]?.split(', ') ?? []
}

describe('migrations on one PostgreSQL database', () => {
  it('several migrate processes started at once all succeed and apply each migration once', async () => {
    const database = await createTestDatabase('postgres', { migrate: false })
    try {
      // The lock is held elsewhere (a slow migration in another process) for longer than the statement
      // timeout meant for requests: the processes waiting for it must not be cut off by that limit.
      const holder = new pg.Client({ connectionString: database.url })
      await holder.connect()
      const [namespace, name] = migrationLockKeys
      await holder.query('select pg_advisory_lock(hashtext($1), hashtext($2))', [namespace, name])
      const statementTimeoutMs = 100
      const env = {
        DATABASE_URL: database.url ?? '',
        DB_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
        LOG_LEVEL: 'warn',
      }
      let exited = 0
      const running = Array.from({ length: migrators }, () =>
        runMigrate(env).finally(() => {
          exited += 1
        }),
      )
      const waiting = async () => {
        const { rows } = await holder.query<{ count: number }>(
          `select count(*)::int as count from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        )
        return rows[0]?.count ?? 0
      }
      while ((await waiting()) < migrators && exited === 0) await sleep(20)
      // Several statement timeouts long, so a waiter that the timeout could cut off would be.
      await sleep(statementTimeoutMs * 5)
      await holder.end()
      const finished = await Promise.all(running)

      expect(finished.map(({ code, output }) => ({ code, output: code === 0 ? '' : output }))).toEqual(
        Array.from({ length: migrators }, () => ({ code: 0, output: '' })),
      )
      const applied = finished.flatMap(({ output }) => appliedIn(output))
      expect(applied.toSorted()).toEqual(Object.keys(migrations).toSorted())
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).toSorted())
    } finally {
      await database.drop()
    }
  })

  it('with MIGRATE_ON_BOOT=0 the server refuses a database that is behind, naming what is missing and what to run', async () => {
    const database = await createTestDatabase('postgres', { migrate: false })
    try {
      const result = await runBuiltServerUntilExit({
        DATABASE_URL: database.url ?? '',
        MIGRATE_ON_BOOT: '0',
        LOG_LEVEL: 'warn',
      })
      expect(result.timedOut).toBe(false)
      expect(result.code).toBe(1)
      const said = result.stdout + result.stderr
      expect(said).toContain('0001-event-store')
      expect(said).toContain('npm run migrate')
      const { rows } = await sql<{ present: boolean }>`
        select to_regclass('public.events') is not null as present
      `.execute(database.db)
      expect(rows[0]?.present).toBe(false)
    } finally {
      await database.drop()
    }
  })

  it('the bundled migrate entry of the image migrates with only the modules traced into .output/server', async () => {
    const vite = path.join(projectRoot, 'node_modules/.bin/vite')
    const built = spawnSync(process.execPath, [vite, 'build', '--config', 'scripts/migrate.vite.config.ts'], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    })
    expect(built.status, built.stderr).toBe(0)
    // Away from the project's node_modules, as in the image: a copy (Node resolves a symlinked file
    // from where it really is), with only .output/server/node_modules beside it.
    const image = await mkdtemp(path.join(tmpdir(), 'interview-helper-image-'))
    const database = await createTestDatabase('postgres', { migrate: false })
    try {
      await cp(path.join(projectRoot, '.output/server/migrate'), path.join(image, 'migrate'), { recursive: true })
      await symlink(path.join(projectRoot, '.output/server/node_modules'), path.join(image, 'node_modules'))
      const first = await runMigrate({ DATABASE_URL: database.url ?? '' }, 'migrate/migrate.mjs', image)
      expect(first.code, first.output).toBe(0)
      expect(appliedIn(first.output)).toEqual(Object.keys(migrations).toSorted())
      const again = await runMigrate({ DATABASE_URL: database.url ?? '' }, 'migrate/migrate.mjs', image)
      expect(again).toEqual({ code: 0, output: 'PostgreSQL (DATABASE_URL) is up to date.\n' })
    } finally {
      await database.drop()
      await rm(image, { recursive: true, force: true })
    }
  })
})
