import { describe, expect, it } from 'vitest'
import { loadConfig } from '#app.config.ts'
import { addressOutsideRequests, siteUrlOf } from '#server/http/site-url.ts'

const from = (host: string | undefined, url = 'http://127.0.0.1:3000/api/auth/register') =>
  new Request(url, host === undefined ? {} : { headers: { host } })

describe('siteUrlOf', () => {
  const development = loadConfig({})

  it("follows the visitor's origin in development without PUBLIC_URL", () => {
    expect(siteUrlOf(development, from('192.168.1.20:3000'))).toBe('http://192.168.1.20:3000')
    expect(siteUrlOf(development, from('Laptop.Local:3000'))).toBe('http://laptop.local:3000')
    expect(siteUrlOf(development, from('[::1]:3000'))).toBe('http://[::1]:3000')
    expect(siteUrlOf(development, from('dev.example', 'https://dev.example/x'))).toBe('https://dev.example')
  })

  it.each(['evil.example/path', 'user@evil.example', 'evil.example:99999', 'a b', '', '-bad-.example'])(
    'falls back to http://localhost:PORT for the Host %j',
    (host) => {
      expect(siteUrlOf(development, from(host))).toBe('http://localhost:3000')
    },
  )

  it('uses PUBLIC_URL whenever it is set', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://interviewhelper.example' })
    expect(siteUrlOf(config, from('evil.example'))).toBe('https://interviewhelper.example')
  })

  it('never reads the Host header in production', () => {
    const production = { isProduction: true, publicUrl: 'https://interviewhelper.example', publicUrlIsDefault: true }
    expect(siteUrlOf(production, from('evil.example'))).toBe('https://interviewhelper.example')
  })
})

describe('addresses printed outside a request (npm run release:publish)', () => {
  it('never guesses http://localhost:3000 without PUBLIC_URL: the path, and what to set', () => {
    const printed = addressOutsideRequests(loadConfig({ PORT: '4123' }), '/downloads/windows/1.2.0/app.zip')
    expect(printed).toBe('/downloads/windows/1.2.0/app.zip on this site (set PUBLIC_URL to print the full address)')
    expect(addressOutsideRequests(loadConfig({}), '/x')).not.toContain('localhost')
  })

  it('prints the full address under PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://interviewhelper.example' })
    expect(addressOutsideRequests(config, '/downloads/a.zip')).toBe('https://interviewhelper.example/downloads/a.zip')
  })
})
