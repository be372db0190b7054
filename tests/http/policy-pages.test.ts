import { beforeAll, describe, expect, it } from 'vitest'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

// Its own server, configured with an operator's details as a business would set them.
const operator = {
  OPERATOR_LEGAL_NAME: 'Asha Interview Tools Private Limited',
  OPERATOR_ADDRESS: '12 MG Road, Bengaluru, Karnataka 560001, India',
  OPERATOR_GSTIN: '29abcde1234f1z5',
  SUPPORT_EMAIL: 'help@asha-tools.example',
}
let server: RunningServer
const teardown = suiteTeardown()
beforeAll(async () => {
  server = await startBuiltServer(operator)
  teardown.add(() => server.stop())
}, 120_000)

async function page(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status, path).toBe(200)
  return response.text()
}

/** The text of the element marked `data-policy-agreement="<name>"`, with its links' targets. */
function agreement(html: string, name: string): { text: string; hrefs: string[] } {
  const match = new RegExp(`<p data-policy-agreement="${name}"[^>]*>([\\s\\S]*?)</p>`).exec(html)
  const inner = match?.[1] ?? ''
  return {
    text: inner
      .replace(/<[^>]+>/g, '')
      .replace(/<!-- -->/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    hrefs: [...inner.matchAll(/href="([^"]+)"/g)].map((found) => found[1] ?? ''),
  }
}

describe('policy pages', () => {
  it.each([
    ['/terms', 'Terms and Conditions'],
    ['/privacy', 'Privacy Policy'],
    ['/refunds', 'Cancellation and Refund Policy'],
  ])('%s has the title "%s | Interview Helper" and names the operator from the configuration', async (path, title) => {
    const html = await page(path)
    expect(html).toContain(`<title>${title} | Interview Helper</title>`)
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
    expect(html).toContain(operator.OPERATOR_LEGAL_NAME)
    expect(html).toContain(operator.OPERATOR_ADDRESS)
    expect(html).toContain('Last updated')
    expect(html).not.toContain('{{')
  })

  it('gives the GSTIN (upper case) and the support inbox as a mail link', async () => {
    for (const path of ['/terms', '/refunds']) {
      const html = await page(path)
      expect(html).toContain('29ABCDE1234F1Z5')
      expect(html).toContain(`href="mailto:${operator.SUPPORT_EMAIL}"`)
    }
  })

  it('states the refund rules the product applies and how to ask', async () => {
    const html = await page('/refunds')
    for (const text of [
      'nothing is charged automatically',
      'A scheduled switch to a lower plan can be cancelled',
      'expires after 30 minutes',
      'charged more than once',
    ])
      expect(html).toContain(text)
    expect(html).toContain('href="/contact"')
  })

  it.each(['/', '/download', '/contact', '/terms', '/signup'])(
    '%s links the three policies from its footer',
    async (path) => {
      const html = await page(path)
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? ''
      for (const href of ['/terms', '/privacy', '/refunds']) expect(footer).toContain(`href="${href}"`)
    },
  )

  it('the sign-up form says that signing up accepts the Terms and the Privacy Policy', async () => {
    const line = agreement(await page('/signup'), 'sign-up')
    expect(line.text).toBe('By signing up you agree to the Terms and Conditions and the Privacy Policy.')
    expect(line.hrefs).toEqual(['/terms', '/privacy'])
  })

  it('the pricing section says that paying accepts the Terms and the Refund policy', async () => {
    for (const path of ['/pricing', '/']) {
      const line = agreement(await page(path), 'payment')
      expect(line.text).toBe('By paying you agree to the Terms and the Refund policy.')
      expect(line.hrefs).toEqual(['/terms', '/refunds'])
    }
  })
})
