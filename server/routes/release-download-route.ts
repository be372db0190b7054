import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { releasePlatforms, type ReleasePlatform } from '#rules/release-platforms.ts'
import { releasesFolder } from '#server/releases/publish-release.ts'
import { countDownload, findRelease, type Release } from '#server/releases/release-catalogue.ts'
import { routeErrorResponse } from '#server/routes/error-envelope.ts'
import type { Runtime } from '#server/runtime.types.ts'

const contentTypes: Record<string, string> = {
  '.zip': 'application/zip',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.dmg': 'application/x-apple-diskimage',
  '.deb': 'application/vnd.debian.binary-package',
}

const isPlatform = (value: string): value is ReleasePlatform => (releasePlatforms as readonly string[]).includes(value)

function decodedOrEmpty(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return ''
  }
}

function notFound(): Response {
  return routeErrorResponse(404, 'No such release. The download page lists the published ones.')
}

function attachmentHeaders(release: Release, size: number): Headers {
  return new Headers({
    'content-type': contentTypes[path.extname(release.fileName).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(size),
    // The file name is restricted to [A-Za-z0-9._+-] when published, so it needs no quoting beyond this.
    'content-disposition': `attachment; filename="${release.fileName}"`,
    etag: `"${release.sha256}"`,
    'x-checksum-sha256': release.sha256,
    // Each request is counted: a shared cache would answer for us and hide downloads.
    'cache-control': 'private, no-cache',
  })
}

/**
 * GET or HEAD /downloads/<platform>/<version>/<file>: a stored release streamed from the data
 * folder, or a redirect to where an external one is hosted. Each GET counts one download.
 */
export async function handleReleaseDownload(runtime: Runtime, request: Request, splat: string): Promise<Response> {
  const [platform, version, fileName, ...rest] = splat.split('/').map(decodedOrEmpty)
  if (platform === undefined || version === undefined || fileName === undefined || rest.length > 0) return notFound()
  if (!isPlatform(platform)) return notFound()
  const release = await findRelease(runtime.db, platform, version)
  if (release?.fileName !== fileName) return notFound()
  const counts = request.method === 'GET'
  if (release.source.kind === 'external') {
    if (counts) await countDownload(runtime.db, release.id)
    return new Response(null, { status: 302, headers: { location: release.source.url, 'cache-control': 'no-store' } })
  }
  const file = path.join(releasesFolder(runtime.config.database.dataDir), release.source.file)
  const info = await stat(file).catch(() => undefined)
  if (!info?.isFile()) {
    runtime.log.error('a published release has no file in the data folder', { file, release: release.id })
    return notFound()
  }
  const headers = attachmentHeaders(release, info.size)
  if (!counts) return new Response(null, { status: 200, headers })
  await countDownload(runtime.db, release.id)
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>
  return new Response(body, { status: 200, headers })
}
