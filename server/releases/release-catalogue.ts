import type { ReleasePlatform } from '#rules/release-platforms.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { compareVersions } from './versions.ts'

type Db = Runtime['db']

/** A published build of the desktop app, as the catalogue holds it. */
export type Release = {
  id: string
  platform: ReleasePlatform
  version: string
  fileName: string
  sizeBytes: number
  sha256: string
  notes: string
  publishedAt: Date
  downloads: number
  /** Served from DATA_DIR/releases (a path under it), or hosted elsewhere. */
  source: { kind: 'stored'; file: string } | { kind: 'external'; url: string }
}

const columns = [
  'id',
  'platform',
  'version',
  'file_name',
  'size_bytes',
  'sha256',
  'stored_file',
  'external_url',
  'notes',
  'published_at',
  'downloads',
] as const

type Row = {
  id: string
  platform: string
  version: string
  file_name: string
  size_bytes: number | bigint
  sha256: string
  stored_file: string | null
  external_url: string | null
  notes: string
  published_at: Date
  downloads: number | bigint
}

function toRelease(row: Row): Release {
  return {
    id: row.id,
    platform: row.platform as ReleasePlatform,
    version: row.version,
    fileName: row.file_name,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    notes: row.notes,
    publishedAt: new Date(row.published_at),
    downloads: Number(row.downloads),
    source:
      row.stored_file !== null
        ? { kind: 'stored', file: row.stored_file }
        : { kind: 'external', url: row.external_url ?? '' },
  }
}

/** The platform's newest release by semantic-version order (not by publishing date: a patch of an older line may come later). */
export async function latestRelease(db: Db, platform: ReleasePlatform): Promise<Release | undefined> {
  const rows = await db.selectFrom('releases').select(columns).where('platform', '=', platform).execute()
  return rows.map(toRelease).sort((a, b) => compareVersions(b.version, a.version))[0]
}

export async function findRelease(db: Db, platform: ReleasePlatform, version: string): Promise<Release | undefined> {
  const row = await db
    .selectFrom('releases')
    .select(columns)
    .where('platform', '=', platform)
    .where('version', '=', version)
    .executeTakeFirst()
  return row && toRelease(row)
}

export async function countDownload(db: Db, releaseId: string): Promise<void> {
  await db
    .updateTable('releases')
    .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
    .where('id', '=', releaseId)
    .execute()
}

/** Where the site serves a release: the file itself, or a counted redirect to where it is hosted. */
export function downloadPath(release: Pick<Release, 'platform' | 'version' | 'fileName'>): string {
  return `/downloads/${release.platform}/${encodeURIComponent(release.version)}/${encodeURIComponent(release.fileName)}`
}
