import { releasePlatforms, type ReleasePlatform } from '#rules/release-platforms.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { compareVersions } from './versions.ts'
import { downloadPath, latestRelease, type Release } from './release-catalogue.ts'

/** A release as the site and the desktop app see it: never where it is stored, always where to fetch it. */
export type PublishedRelease = {
  platform: ReleasePlatform
  version: string
  fileName: string
  url: string
  size: number
  sha256: string
  notes: string
  publishedAt: string
}

/** `origin` '' gives a path for the site's own pages; the desktop app gets an absolute URL. */
function publishedRelease(release: Release, origin: string): PublishedRelease {
  return {
    platform: release.platform,
    version: release.version,
    fileName: release.fileName,
    url: `${origin}${downloadPath(release)}`,
    size: release.sizeBytes,
    sha256: release.sha256,
    notes: release.notes,
    publishedAt: release.publishedAt.toISOString(),
  }
}

/** The newest release of every platform, null where none is published yet. */
export async function latestReleases(db: Runtime['db']): Promise<Record<ReleasePlatform, PublishedRelease | null>> {
  const entries = await Promise.all(
    releasePlatforms.map(async (platform) => {
      const release = await latestRelease(db, platform)
      return [platform, release ? publishedRelease(release, '') : null] as const
    }),
  )
  return Object.fromEntries(entries) as Record<ReleasePlatform, PublishedRelease | null>
}

/** The update check of the desktop app: is the platform's newest release newer than the one it runs? */
export async function checkForUpdate(
  db: Runtime['db'],
  query: { platform: ReleasePlatform; current: string },
  origin: string,
): Promise<{ updateAvailable: boolean; current: string; latest: PublishedRelease | null }> {
  const release = await latestRelease(db, query.platform)
  return {
    updateAvailable: release !== undefined && compareVersions(release.version, query.current) > 0,
    current: query.current,
    latest: release ? publishedRelease(release, origin) : null,
  }
}
