import { describe, expect, inject, it } from 'vitest'

const baseUrl = inject('baseUrl')

// Percent-encodings that do not decode: a lone %, a cut-off sequence, bytes that are not UTF-8.
const malformed = ['%', '%E0%A4%A', '%FF', '%ED%A0%80']

describe('an address that cannot be decoded', () => {
  it.each(malformed)('under /api/ (%s) answers 400 in the REST envelope', async (part) => {
    for (const path of [`/api/support/users/${part}/events`, `/api/trpc/site.settings${part}`, `/api/nothing${part}`]) {
      const response = await fetch(`${baseUrl}${path}`)
      expect(response.status, path).toBe(400)
      expect(response.headers.get('content-type')).toContain('application/json')
      expect(await response.json()).toEqual({
        success: false,
        error: 'The address of the request is not valid: check its percent-encoding',
        code: 'invalid_request',
      })
    }
  })

  it.each(malformed)('of a page (%s) answers a 400 page, not JSON', async (part) => {
    const response = await fetch(`${baseUrl}/pricing${part}`)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('text/html')
    const page = await response.text()
    expect(page).toContain('The address of the request is not valid')
    expect(page).not.toMatch(/"error":\s*true/)
  })
})
