import { sql, type Kysely } from 'kysely'

/**
 * The desktop app's release catalogue: one row per platform and version, published by an operator
 * (`npm run release:publish`), with its download count (decision 0036). `stored_file` names the
 * copy under DATA_DIR/releases that the server streams; `external_url` a copy hosted elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('platform', 'text', (col) => col.notNull().check(sql`platform in ('windows', 'mac', 'linux')`))
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull().check(sql`size_bytes > 0`))
    .addColumn('sha256', 'text', (col) => col.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('stored_file', 'text')
    .addColumn('external_url', 'text')
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('published_at', 'timestamptz', (col) => col.notNull())
    .addColumn('downloads', 'bigint', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('releases_platform_version', ['platform', 'version'])
    .addCheckConstraint('releases_one_source', sql`(stored_file is null) <> (external_url is null)`)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('releases').execute()
}
