import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Kysely, PGliteDialect } from 'kysely'
import { migrations } from '#migrations/index.ts'
import { migrateToLatest } from '#migrations/migrate.ts'

/*
 * A new PGlite database spends seconds in initdb (run inside WebAssembly) before its first query;
 * loading a data folder that was initialised and migrated once at build time takes a fraction of
 * that. The template is named after the migrations it holds, so a server never starts from a
 * template of another schema: without a matching one it falls back to initdb and migrates.
 */

/** Identifies the schema a template holds: the names of every migration applied to it. */
function migrationsFingerprint(): string {
  return createHash('sha256').update(Object.keys(migrations).sort().join('\n')).digest('hex').slice(0, 16)
}

/** Where the template for the current migrations lives inside `templateDir`. */
export function templateFile(templateDir: string): string {
  return path.join(path.resolve(templateDir), `${migrationsFingerprint()}.tar.gz`)
}

/** The template for the current migrations as PGlite loads it, or undefined when there is none. */
export function readTemplate(templateDir: string | undefined): Blob | undefined {
  if (templateDir === undefined) return undefined
  const file = templateFile(templateDir)
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined
}

/** Whether a PGlite data folder already holds a database (initdb writes PG_VERSION first). */
export function holdsDatabase(pgliteFolder: string): boolean {
  return existsSync(path.join(pgliteFolder, 'PG_VERSION'))
}

/**
 * Initialises and migrates a database in memory and writes it as the template for the current
 * migrations, replacing templates of other schemas. Written under a temporary name and renamed,
 * so a reader never sees half a file.
 */
export async function writeTemplate(templateDir: string): Promise<string> {
  // The server imports this file for readTemplate; PGlite itself loads only where it is used (decision 0070).
  const { PGlite } = await import('@electric-sql/pglite')
  const pglite = await PGlite.create()
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: () => Promise.resolve(pglite) }) })
  try {
    await migrateToLatest(db)
    const archive = await pglite.dumpDataDir('gzip')
    const file = templateFile(templateDir)
    mkdirSync(path.dirname(file), { recursive: true })
    for (const other of readdirSync(path.dirname(file))) {
      if (other.endsWith('.tar.gz') && other !== path.basename(file)) rmSync(path.join(path.dirname(file), other))
    }
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, Buffer.from(await archive.arrayBuffer()))
    renameSync(partial, file)
    return file
  } finally {
    await db.destroy()
  }
}
