import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { whereToUse } from '#rules/where-to-use.ts'
import { publishReleaseCli } from '#tests/support/release-cli.ts'
import { serveOnFreshPostgres, type ServersOnPostgres } from '#tests/support/servers-on-postgres.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

// Its own server on PostgreSQL: the publish command runs beside it, as an operator's would, and the
// test reads the download counter from the database.
let stack: ServersOnPostgres
let folder: string
const teardown = suiteTeardown()
beforeAll(async () => {
  stack = await serveOnFreshPostgres(teardown)
  folder = await mkdtemp(path.join(tmpdir(), 'release-files-'))
  teardown.add(() => rm(folder, { recursive: true, force: true }))
}, 120_000)

const releaseSchema = z
  .object({
    platform: z.string(),
    version: z.string(),
    fileName: z.string(),
    url: z.string(),
    size: z.number(),
    sha256: z.string(),
    notes: z.string(),
    publishedAt: z.string(),
  })
  .strict()
const updateEnvelope = z
  .object({
    success: z.literal(true),
    data: z.object({ updateAvailable: z.boolean(), current: z.string(), latest: releaseSchema.nullable() }).strict(),
  })
  .strict()
const errorEnvelope = z.object({ success: z.literal(false), error: z.string().min(1), code: z.string() }).strict()

const publish = (args: string[]) =>
  publishReleaseCli(args, { DATABASE_URL: stack.database.url, DATA_DIR: stack.server.dataDir })

async function updateCheck(query: string) {
  const response = await fetch(`${stack.server.url}/api/app/releases/latest?${query}`)
  return { status: response.status, body: (await response.json()) as unknown }
}

async function downloadsOf(version: string): Promise<number> {
  const row = await stack.database.db
    .selectFrom('releases')
    .select('downloads')
    .where('platform', '=', 'windows')
    .where('version', '=', version)
    .executeTakeFirstOrThrow()
  return Number(row.downloads)
}

async function downloadPage(): Promise<string> {
  const response = await fetch(`${stack.server.url}/download`)
  expect(response.status).toBe(200)
  return response.text()
}

describe('the release catalogue', () => {
  it('while empty: the download page says the Windows build is being prepared and links no file', async () => {
    const html = await downloadPage()
    expect(html).toContain('This build is being prepared')
    expect(html).toContain('Being Prepared')
    // Nothing to download yet: the browser comes first, and the FAQ says it is what works today.
    expect(html.indexOf('Use it in your browser')).toBeGreaterThan(-1)
    expect(html.indexOf('Use it in your browser')).toBeLessThan(html.indexOf('Windows 11/10'))
    expect(html).toContain(whereToUse(false))
    expect(html).not.toContain('/downloads/')
    expect(html).not.toContain('data-checksum')
    const { status, body } = await updateCheck('platform=windows&current=1.0.0')
    expect(status).toBe(200)
    expect(updateEnvelope.parse(body).data).toEqual({ updateAvailable: false, current: '1.0.0', latest: null })
  })

  it.each([
    ['platform=windows', 'current'],
    ['current=1.0.0', 'platform'],
    ['platform=beos&current=1.0.0', 'platform'],
    ['platform=windows&current=1.0', 'current'],
    ['platform=windows&current=v1.0.0', 'current'],
    ['platform=windows&current=latest', 'current'],
  ])('refuses the update check ?%s with 400 invalid_request naming %s', async (query, field) => {
    const { status, body } = await updateCheck(query)
    expect(status).toBe(400)
    const refusal = errorEnvelope.parse(body)
    expect(refusal.code).toBe('invalid_request')
    expect(refusal.error).toContain(field)
  })

  it('publishes a file with the command; the page shows its version, size and checksum; the download returns the same bytes and is counted', async () => {
    const bytes = randomBytes(3000)
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const file = path.join(folder, 'InterviewHelper-1.2.0-win-x64-portable.zip')
    await writeFile(file, bytes)

    const published = await publish(['--platform', 'windows', '--file', file, '--notes', 'Starts twice as fast.'])
    expect(published.stderr).toBe('')
    expect(published.code).toBe(0)
    expect(published.stdout).toContain('Published windows 1.2.0')
    expect(published.stdout).toContain(sha256)

    const html = await downloadPage()
    expect(html).toContain('v1.2.0')
    expect(html).toContain('3 KB')
    expect(html).toContain(sha256)
    expect(html).toContain('href="/downloads/windows/1.2.0/InterviewHelper-1.2.0-win-x64-portable.zip"')
    expect(html).not.toContain('being prepared')
    // The browser is still offered, beside the build and after it.
    expect(html.indexOf('Use it in your browser')).toBeGreaterThan(html.indexOf('Windows 11/10'))
    expect(html).toContain(whereToUse(true))

    const fileUrl = `${stack.server.url}/downloads/windows/1.2.0/InterviewHelper-1.2.0-win-x64-portable.zip`
    const head = await fetch(fileUrl, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await downloadsOf('1.2.0')).toBe(0)

    const response = await fetch(fileUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-length')).toBe('3000')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="InterviewHelper-1.2.0-win-x64-portable.zip"',
    )
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true)
    expect(await downloadsOf('1.2.0')).toBe(1)
    await (await fetch(fileUrl)).arrayBuffer()
    expect(await downloadsOf('1.2.0')).toBe(2)

    const missing = await fetch(`${stack.server.url}/downloads/windows/1.2.0/Other.zip`)
    expect(missing.status).toBe(404)
    expect(errorEnvelope.parse(await missing.json()).code).toBe('not_found')
  })

  it('answers the update check for an older, the current, a newer and an unheard-of version', async () => {
    const older = updateEnvelope.parse((await updateCheck('platform=windows&current=1.0.0')).body).data
    expect(older.updateAvailable).toBe(true)
    expect(older.latest).toMatchObject({ version: '1.2.0', size: 3000, notes: 'Starts twice as fast.' })
    expect(older.latest?.url).toBe(
      `${stack.server.url}/downloads/windows/1.2.0/InterviewHelper-1.2.0-win-x64-portable.zip`,
    )
    expect(older.latest?.sha256).toMatch(/^[0-9a-f]{64}$/)
    for (const current of ['1.2.0', '1.2.0+local', '9.9.9']) {
      const answer = updateEnvelope.parse(
        (await updateCheck(`platform=windows&current=${encodeURIComponent(current)}`)).body,
      ).data
      expect(answer.updateAvailable, current).toBe(false)
      expect(answer.latest?.version).toBe('1.2.0')
    }
    const preRelease = updateEnvelope.parse((await updateCheck('platform=windows&current=1.2.0-rc.1')).body).data
    expect(preRelease.updateAvailable).toBe(true)
    const otherPlatform = updateEnvelope.parse((await updateCheck('platform=linux&current=0.1.0')).body).data
    expect(otherPlatform).toEqual({ updateAvailable: false, current: '0.1.0', latest: null })
  })

  it('records an external URL, answers with it by semantic-version order, and counts its redirects', async () => {
    const sha256 = 'b'.repeat(64)
    const external = await publish([
      '--platform',
      'windows',
      '--url',
      'https://cdn.example/InterviewHelper-1.10.0-win-x64-portable.zip',
      '--sha256',
      sha256,
      '--size',
      '107000000',
    ])
    expect(external.code).toBe(0)
    const answer = updateEnvelope.parse((await updateCheck('platform=windows&current=1.2.0')).body).data
    expect(answer.updateAvailable).toBe(true)
    expect(answer.latest).toMatchObject({ version: '1.10.0', size: 107_000_000, sha256 })

    const html = await downloadPage()
    expect(html).toContain('v1.10.0')
    expect(html).toContain('107 MB')

    const redirect = await fetch(
      `${stack.server.url}/downloads/windows/1.10.0/InterviewHelper-1.10.0-win-x64-portable.zip`,
      { redirect: 'manual' },
    )
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('https://cdn.example/InterviewHelper-1.10.0-win-x64-portable.zip')
    expect(await downloadsOf('1.10.0')).toBe(1)
  })

  it('refuses a version published before, bad arguments and a missing file, and writes nothing', async () => {
    const file = path.join(folder, 'InterviewHelper-1.2.0-win-x64-portable.zip')
    const again = await publish(['--platform', 'windows', '--file', file])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('windows 1.2.0 is already published')

    const bad = await publish(['--platform', 'windows', '--url', 'https://cdn.example/a-2.0.0.zip'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--sha256: is required with --url')

    const missing = await publish(['--platform', 'windows', '--file', path.join(folder, 'nothing-3.0.0.zip')])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('No file at')

    const noVersion = path.join(folder, 'InterviewHelper.zip')
    await writeFile(noVersion, 'x')
    const unnamed = await publish(['--platform', 'windows', '--file', noVersion])
    expect(unnamed.code).toBe(1)
    expect(unnamed.stderr).toContain('give it with --version')

    const rows = await stack.database.db.selectFrom('releases').select('version').orderBy('version').execute()
    expect(rows.map((row) => row.version)).toEqual(['1.10.0', '1.2.0'])
  })
})
