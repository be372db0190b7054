/**
 * `npm run example:desktop`, the runnable example of the typed client, does the desktop
 * assistant's whole flow against the built server: it stays in step with the API document.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it, inject } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { testClientIp } from '#tests/support/rest-client.ts'

describe('npm run example:desktop', () => {
  it('registers, confirms, buys in sandbox, asks in every way, ends, prints the review, refreshes and signs out', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['scripts/example-desktop.ts', '--base-url', inject('baseUrl'), '--header', `X-Forwarded-For: ${testClientIp()}`],
      { cwd: projectRoot, timeout: 120_000 },
    )
    for (const step of [
      'register',
      'confirm e-mail',
      'pay in sandbox',
      'ask (streamed)',
      'ask with no prepared answer',
      'ask the offered question',
      'screenshot',
      'audio question',
      'practise a generated question',
      'review',
      'confirm authenticator',
      'sign in: mfa_required',
      'sign in with a code',
      'sign out',
    ])
      expect(stdout).toContain(`✓ ${step}`)
    // The review of the session it just ran: the streamed question first, the practised one as generated.
    expect(stdout).toMatch(/^ {2}1\. \[text, technical, \w[\w-]*, \d+ ms\] What is a hash map\?$/m)
    expect(stdout).toMatch(/^ {2}\d+\. \[generated, [\w-]+, [\w-]+, \d+ ms\] /m)
    expect(stdout).toContain('desktop flow complete')
  }, 150_000)
})
