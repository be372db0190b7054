import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Runtime } from '#server/runtime.types.ts'
import { findRelease, type Release } from './release-catalogue.ts'
import type { PublishInput } from './publish-input.ts'
import { releaseFileName } from './publish-input.ts'
import { isVersion } from './versions.ts'

/** The operator asked for something the catalogue cannot take; the message says what to change. */
export class PublishRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PublishRefused'
  }
}

type PublishRuntime = Pick<Runtime, 'db' | 'clock'> & { config: { database: { dataDir: string } } }

/** Where stored releases live: DATA_DIR/releases/<platform>/<version>/<file>. */
export function releasesFolder(dataDir: string): string {
  return path.resolve(dataDir, 'releases')
}

function fileNameOf(input: PublishInput): string {
  const name =
    input.url !== undefined
      ? decodeURIComponent(new URL(input.url).pathname.split('/').pop() ?? '')
      : path.basename(input.file ?? '')
  if (!releaseFileName.test(name))
    throw new PublishRefused(
      `The file name "${name}" must be 1–200 letters, digits, dots, dashes, pluses or underscores (for example InterviewHelper-1.2.0-win-x64-portable.zip).`,
    )
  return name
}

/** The version from --version, else the first MAJOR.MINOR.PATCH in the file name. */
function versionOf(input: PublishInput, fileName: string): string {
  if (input.version !== undefined) return input.version
  const found = /(?:^|[^\d.])(\d+\.\d+\.\d+)(?![\d.]*\d)/.exec(fileName)?.[1]
  if (found === undefined || !isVersion(found))
    throw new PublishRefused(`No version in the file name "${fileName}": give it with --version 1.2.0.`)
  return found
}

type StoredCopy = { partial: string; sizeBytes: number; sha256: string }

/** Copies the file beside its final place in the data folder, measuring its size and SHA-256 on the way. */
async function copyBeside(source: string, target: string): Promise<StoredCopy> {
  const info = await stat(source).catch(() => undefined)
  if (!info?.isFile()) throw new PublishRefused(`No file at ${source}.`)
  await mkdir(path.dirname(target), { recursive: true })
  const hash = createHash('sha256')
  let sizeBytes = 0
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      sizeBytes += chunk.length
      done(null, chunk)
    },
  })
  const partial = `${target}.${randomUUID()}.partial`
  try {
    await pipeline(createReadStream(source), measure, createWriteStream(partial, { flags: 'wx' }))
    if (sizeBytes === 0) throw new PublishRefused(`${source} is empty.`)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return { partial, sizeBytes, sha256: hash.digest('hex') }
}

/**
 * Adds a release to the catalogue. A platform's version is published once: a second file under
 * the same version would break the checksum every copy already downloaded was checked against.
 */
export async function publishRelease(runtime: PublishRuntime, input: PublishInput): Promise<Release> {
  const fileName = fileNameOf(input)
  const version = versionOf(input, fileName)
  if (await findRelease(runtime.db, input.platform, version))
    throw new PublishRefused(
      `${input.platform} ${version} is already published. Publish the new build under a new version.`,
    )
  const storedFile = input.file !== undefined ? path.join(input.platform, version, fileName) : null
  const target = storedFile === null ? null : path.join(releasesFolder(runtime.config.database.dataDir), storedFile)
  const copy = input.file !== undefined && target !== null ? await copyBeside(input.file, target) : undefined
  try {
    await runtime.db
      .insertInto('releases')
      .values({
        id: randomUUID(),
        platform: input.platform,
        version,
        file_name: fileName,
        size_bytes: copy?.sizeBytes ?? input.size ?? 0,
        sha256: copy?.sha256 ?? input.sha256 ?? '',
        stored_file: storedFile,
        external_url: input.url ?? null,
        notes: input.notes,
        published_at: runtime.clock.now(),
      })
      .execute()
  } catch (error) {
    if (copy) await rm(copy.partial, { force: true })
    if (await findRelease(runtime.db, input.platform, version))
      throw new PublishRefused(`${input.platform} ${version} is already published.`)
    throw error
  }
  // Only once the row is in: a publish that lost a race for the same version never replaces the winner's file.
  if (copy && target !== null) await rename(copy.partial, target)
  const published = await findRelease(runtime.db, input.platform, version)
  if (!published) throw new Error(`the release ${input.platform} ${version} was not stored`)
  return published
}
