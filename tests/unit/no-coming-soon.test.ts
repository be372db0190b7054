/**
 * Nothing a customer reads promises a feature "coming soon", except where the specification fixes
 * the words for a platform not yet built: the macOS and Linux download cards' 'Coming Soon'. The
 * sign-up view's resend works (docs/decisions/0108-working-resend-after-sign-up.md).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const specified = [{ file: 'src/components/marketing/download/platform-card.tsx', text: "'Coming Soon'" }]

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|md|json)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

/** Lines that are not comments: what reaches the page, the mail or the API. */
const shownLines = (file: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))

describe('"coming soon" only where the specification says it', () => {
  it('appears nowhere else in the pages, the content, the mail or the API texts', () => {
    const found = ['src', 'content', 'rules', 'server/accounts', 'server/mail', 'server/payments', 'server/rest']
      .flatMap(filesUnder)
      .concat('app.catalog.ts')
      .flatMap((file) =>
        shownLines(file)
          .filter((line) => /coming soon/i.test(line))
          .map((line) => ({ file, line: line.trim() })),
      )
      .filter(({ file, line }) => !specified.some((allowed) => allowed.file === file && line.includes(allowed.text)))
    expect(found).toEqual([])
  })
})
