/**
 * What the built server loads before it listens stays small: libraries that only a page, another
 * configuration or a rare request needs are loaded with `import()` on first use (decision 0070),
 * and nitro's chunking must not pull them in through a dependency they share with the server.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { serverStartModules, type StartModules } from '#tests/support/server-start-modules.ts'

/** Each is loaded by a page, by a configuration other than PostgreSQL + offline AI, or on a request's first use. */
const loadedOnDemand = [
  '@scalar/api-reference', // the API reference page
  '@scalar/agent-chat',
  '@scalar/api-client',
  '@codemirror/view',
  '@ai-sdk/vue',
  '@supabase/supabase-js', // sign-in pages
  'pdf-lib', // an invoice's PDF
  'razorpay', // the first order
  'axios',
  'nodemailer', // the first mail over SMTP
  'inngest', // only with Inngest configured
  'ai', // only with an AI provider configured
  '@ai-sdk/openai',
  'tesseract.js', // the first screenshot read offline
  '@electric-sql/pglite', // only on a PGlite data folder
]

/** The JavaScript the server evaluates at start: 3.8 MB when this was written, 14.5 MB before decision 0070. */
const startBytesCeiling = 5 * 1024 * 1024

describe('the built server at start', () => {
  let start: StartModules

  beforeAll(async () => {
    start = await serverStartModules()
  })

  it('finds the server itself and the libraries every request needs', () => {
    expect(start.files.map((entry) => entry.file)).toContain('index.mjs')
    expect(start.packages).toContain('kysely')
    expect(start.packages).toContain('pg')
  })

  it.each(loadedOnDemand)('does not load %s', (name) => {
    expect(start.packages).not.toContain(name)
  })

  it("does not load the offline engine's knowledge base before its first call", () => {
    expect(start.contains('algo-recursion')).toBe(false)
  })

  it('evaluates less JavaScript than its budget', () => {
    const bytes = start.files.reduce((sum, entry) => sum + entry.bytes, 0)
    expect(bytes).toBeLessThanOrEqual(startBytesCeiling)
  })
})
