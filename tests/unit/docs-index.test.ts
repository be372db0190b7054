import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'

const decisionsDir = path.join(projectRoot, 'docs/decisions')
const indexText = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8')
const records = readdirSync(decisionsDir).filter((name) => /^\d{4}-.+\.md$/.test(name))
const linkTargets = (text: string) => [...text.matchAll(/\]\(([^)#\s]+)\)/g)].map((match) => match[1] ?? '')

describe('the decision records index', () => {
  it('lists every record once', () => {
    for (const record of records) expect(indexText.split(`](${record})`).length - 1, record).toBeGreaterThanOrEqual(1)
  })

  it('links only to files that exist', () => {
    for (const target of linkTargets(indexText)) expect(existsSync(path.join(decisionsDir, target)), target).toBe(true)
  })

  it("gives each record's status line", () => {
    for (const record of records) {
      const status = /^Status: (.+)$/m.exec(readFileSync(path.join(decisionsDir, record), 'utf8'))
      expect(status?.[1], `${record} has a Status: line`).toBeTruthy()
    }
  })
})

describe('the architecture page', () => {
  const text = readFileSync(path.join(projectRoot, 'docs/architecture.md'), 'utf8')

  it('names only paths that exist in the repository', () => {
    const named = [...text.matchAll(/`((?:src|server|events|tests|scripts|migrations|inngest|rules)\/[\w./-]*)`/g)]
    for (const [, file = ''] of named) expect(existsSync(path.join(projectRoot, file)), file).toBe(true)
  })

  it('links only to files that exist', () => {
    const docs = path.join(projectRoot, 'docs')
    for (const target of linkTargets(text)) expect(existsSync(path.join(docs, target)), target).toBe(true)
  })

  it('states the one-way rule for performance changes', () => {
    expect(text).toContain('A performance change replaces the path it speeds up')
  })
})

describe('the README', () => {
  const text = readFileSync(path.join(projectRoot, 'README.md'), 'utf8')

  it('gives the two commands a newcomer needs: start on the embedded defaults, and run the tests', () => {
    expect(text).toContain('npm install && npm start')
    expect(text).toContain('npm test')
  })

  it('says why npm install warns about engines on an older Node, and that the support commands need the server stopped on the embedded database', () => {
    expect(text).toContain('`npm warn EBADENGINE Unsupported engine`')
    expect(text).toMatch(/harmless: every `npm run` script runs on the Node 24/)
    expect(text).toContain('With the embedded database, stop the server before these commands')
  })

  it('pads no table cell and points nowhere outside the repository', () => {
    for (const line of text.split('\n').filter((candidate) => candidate.startsWith('|')))
      expect(line, line.slice(0, 80)).not.toMatch(/ {3,}/)
    for (const target of linkTargets(text).filter((link) => !/^https?:/.test(link)))
      expect(existsSync(path.join(projectRoot, target)), target).toBe(true)
    expect(text).not.toContain('../')
  })
})
