import { describe, expect, it } from 'vitest'
import { publishInputSchema } from '#server/releases/publish-input.ts'

const sha256 = 'A'.repeat(64)

describe('release:publish arguments', () => {
  it('takes a file, or an external URL with its checksum (lower-cased) and size', () => {
    expect(publishInputSchema.parse({ platform: 'windows', file: 'dist/app.zip' })).toMatchObject({
      platform: 'windows',
      file: 'dist/app.zip',
      notes: '',
    })
    expect(
      publishInputSchema.parse({
        platform: 'windows',
        url: 'https://cdn.example/InterviewHelper-1.2.0.zip',
        sha256,
        size: '1024',
        version: '1.2.0',
      }),
    ).toMatchObject({ sha256: 'a'.repeat(64), size: 1024, version: '1.2.0' })
  })

  it.each([
    [{ platform: 'beos', file: 'a.zip' }, 'platform'],
    [{ platform: 'windows' }, 'file'],
    [{ platform: 'windows', file: 'a.zip', url: 'https://x.example/a.zip', sha256, size: 1 }, 'file'],
    [{ platform: 'windows', url: 'https://x.example/a.zip' }, 'sha256'],
    [{ platform: 'windows', url: 'https://x.example/a.zip', sha256 }, 'size'],
    [{ platform: 'windows', url: 'ftp://x.example/a.zip', sha256, size: 1 }, 'url'],
    [{ platform: 'windows', url: 'https://x.example/a.zip', sha256: 'abc', size: 1 }, 'sha256'],
    [{ platform: 'windows', url: 'https://x.example/a.zip', sha256, size: '-5' }, 'size'],
    [{ platform: 'windows', file: 'a.zip', sha256 }, 'sha256'],
    [{ platform: 'windows', file: 'a.zip', version: 'v1.2' }, 'version'],
  ])('refuses %o, naming --%s', (input, field) => {
    const result = publishInputSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(field)
  })
})
