/**
 * Links in mail on a development server without PUBLIC_URL follow the origin the visitor used, so
 * someone trying the app from another machine gets links that open there; a Host header that is
 * not a plain host and port is ignored for http://localhost:PORT.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it, vi } from 'vitest'
import { rawRequest } from '#tests/support/raw-http.ts'
import { testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')

async function signUpThrough(host: string): Promise<string> {
  const email = `links-${randomUUID().slice(0, 8)}@example.com`
  const answer = await rawRequest(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json', 'x-forwarded-for': testClientIp() },
    body: JSON.stringify({ email, password: 'Passw0rd!xyz', firstName: 'Lena', lastName: 'Ortiz' }),
  })
  expect(answer.status).toBe(200)
  return vi.waitFor(
    async () => {
      const response = await fetch(`${baseUrl}/api/trpc/site.devMailbox`)
      const { result } = (await response.json()) as { result: { data: { messages: { to: string; text: string }[] } } }
      const link = result.data.messages
        .find((mail) => mail.to === email)
        ?.text.match(/https?:\/\/\S+email-confirmed\S*/)
      if (!link) throw new Error(`no confirmation mail reached ${email}`)
      return link[0]
    },
    { timeout: 10_000, interval: 100 },
  )
}

describe('links in mail without PUBLIC_URL (development)', () => {
  it('point at the origin the visitor used', async () => {
    expect(await signUpThrough('interview-box.lan:4123')).toMatch(
      /^http:\/\/interview-box\.lan:4123\/email-confirmed\?token=/,
    )
  })

  it.each(['evil.example/phish?x=', 'evil.example@other', 'two words', 'a..b'])(
    'ignore a Host header that is not a plain host and port (%s)',
    async (host) => {
      const { port } = new URL(baseUrl)
      expect(await signUpThrough(host)).toMatch(new RegExp(`^http://localhost:${port}/email-confirmed\\?token=`))
    },
  )
})
