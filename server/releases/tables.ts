import type { ColumnType, Generated } from 'kysely'

export type ReleaseTables = {
  releases: {
    id: string
    platform: string
    version: string
    file_name: string
    // int8: pg hands it over as a number (server/db/open-database.ts), PGlite as a number or bigint.
    size_bytes: ColumnType<number | bigint, number, number>
    sha256: string
    stored_file: string | null
    external_url: string | null
    notes: string
    published_at: Date
    downloads: Generated<number | bigint>
  }
}
