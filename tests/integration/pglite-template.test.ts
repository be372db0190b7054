/**
 * A new PGlite data folder starts from the migrated template instead of initdb, and only a new one:
 * an existing database is opened as it is, and a template of another schema is never used.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '#migrations/migrate.ts'
import { openDatabase } from '#server/db/open-database.ts'
import { readTemplate, templateFile, writeTemplate } from '#server/db/pglite-template.ts'

describe('the PGlite template', () => {
  let work: string
  let templateDir: string
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'interview-helper-template-'))
    templateDir = path.join(work, 'template')
    // A template of an older schema: the write must replace it, and nothing may ever load it.
    await writeTemplate(templateDir)
    writeFileSync(path.join(templateDir, 'old-schema.tar.gz'), 'x')
    await writeTemplate(templateDir)
  })
  afterAll(async () => {
    await rm(work, { recursive: true, force: true })
  })

  it('is written once, for the current migrations only', () => {
    expect(readdirSync(templateDir)).toEqual([path.basename(templateFile(templateDir))])
  })

  it('gives a new data folder the whole schema with no migration left to run', async () => {
    const database = openDatabase({ kind: 'pglite', dataDir: path.join(work, 'new'), templateDir })
    try {
      expect(await migrateToLatest(database.db)).toEqual([])
      const tables = await sql<{
        count: number
      }>`select count(*)::int as count from pg_tables where tablename = 'events'`.execute(database.db)
      expect(tables.rows[0]?.count).toBe(1)
    } finally {
      await database.close()
    }
  })

  it('leaves an existing database as it is', async () => {
    const dataDir = path.join(work, 'existing')
    const first = openDatabase({ kind: 'pglite', dataDir, templateDir })
    await sql`create table kept (note text)`.execute(first.db)
    await sql`insert into kept values ('still here')`.execute(first.db)
    await first.close()
    const again = openDatabase({ kind: 'pglite', dataDir, templateDir })
    try {
      const rows = await sql<{ note: string }>`select note from kept`.execute(again.db)
      expect(rows.rows).toEqual([{ note: 'still here' }])
    } finally {
      await again.close()
    }
  })

  it('is not used when none matches the current migrations: the database is created and migrated', async () => {
    const emptyTemplateDir = path.join(work, 'no-template')
    expect(readTemplate(emptyTemplateDir)).toBeUndefined()
    const dataDir = path.join(work, 'from-scratch')
    const database = openDatabase({ kind: 'pglite', dataDir, templateDir: emptyTemplateDir })
    try {
      expect((await migrateToLatest(database.db)).length).toBeGreaterThan(20)
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
    } finally {
      await database.close()
    }
  })
})
