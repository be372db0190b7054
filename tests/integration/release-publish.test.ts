import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishInputSchema } from '#server/releases/publish-input.ts'
import { PublishRefused, publishRelease, releasesFolder } from '#server/releases/publish-release.ts'
import { latestRelease } from '#server/releases/release-catalogue.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

let context: TestRuntime
let folder: string
beforeAll(async () => {
  context = await createTestRuntime('pglite')
  folder = await mkdtemp(path.join(tmpdir(), 'release-source-'))
})
afterAll(async () => {
  await context.close()
  await rm(folder, { recursive: true, force: true })
})

const input = (raw: Record<string, string>) => publishInputSchema.parse({ platform: 'windows', ...raw })

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
}

describe('publishing a release into the data folder', () => {
  it('refuses an empty file and leaves neither a row nor a partial copy', async () => {
    const empty = path.join(folder, 'InterviewHelper-0.9.0.zip')
    await writeFile(empty, '')
    await expect(publishRelease(context.runtime, input({ file: empty }))).rejects.toThrow(PublishRefused)
    expect(await latestRelease(context.runtime.db, 'windows')).toBeUndefined()
    expect(await filesUnder(releasesFolder(context.runtime.config.database.dataDir))).toEqual([])
  })

  it('stores the file under <platform>/<version>/ with its measured size and SHA-256, dated by the clock', async () => {
    const bytes = Buffer.from('a small build of the desktop app')
    const file = path.join(folder, 'InterviewHelper-1.0.0-win-x64-portable.zip')
    await writeFile(file, bytes)
    const release = await publishRelease(context.runtime, input({ file, notes: 'First release.' }))
    expect(release).toMatchObject({
      platform: 'windows',
      version: '1.0.0',
      fileName: 'InterviewHelper-1.0.0-win-x64-portable.zip',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      notes: 'First release.',
      downloads: 0,
      source: { kind: 'stored', file: path.join('windows', '1.0.0', 'InterviewHelper-1.0.0-win-x64-portable.zip') },
    })
    expect(release.publishedAt.toISOString()).toBe(context.clock.now().toISOString())
    const folderOfReleases = releasesFolder(context.runtime.config.database.dataDir)
    expect(await filesUnder(folderOfReleases)).toEqual([
      path.join('windows', '1.0.0', 'InterviewHelper-1.0.0-win-x64-portable.zip'),
    ])
  })

  it('refuses the same version again and keeps the first file untouched', async () => {
    const other = path.join(folder, 'other', 'InterviewHelper-1.0.0-win-x64-portable.zip')
    await mkdir(path.dirname(other), { recursive: true })
    await writeFile(other, 'a different build')
    await expect(publishRelease(context.runtime, input({ file: other }))).rejects.toThrow(/already published/)
    const stored = path.join(
      releasesFolder(context.runtime.config.database.dataDir),
      'windows',
      '1.0.0',
      'InterviewHelper-1.0.0-win-x64-portable.zip',
    )
    expect((await readFile(stored)).toString()).toBe('a small build of the desktop app')
  })

  it('takes --version over the file name, and refuses a file name unsafe in a URL', async () => {
    const file = path.join(folder, 'build.zip')
    await writeFile(file, 'x')
    expect((await publishRelease(context.runtime, input({ file, version: '1.1.0-beta.1' }))).version).toBe(
      '1.1.0-beta.1',
    )
    const spaced = path.join(folder, 'Interview Helper 2.0.0.zip')
    await writeFile(spaced, 'x')
    await expect(publishRelease(context.runtime, input({ file: spaced }))).rejects.toThrow(/file name/)
    expect((await latestRelease(context.runtime.db, 'windows'))?.version).toBe('1.1.0-beta.1')
  })
})
