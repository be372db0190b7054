/**
 * The IETF RateLimit headers on every answer of a rate-limited operation, not only on its 429: a
 * client sees its quota run down before it is refused. Operations without a limit carry none.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')

const post = (path: string, body: unknown, address = testClientIp()) =>
  fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  })

/** `"name";r=…;t=…, "other";…` as a map from each policy's name to its parameters. */
function items(header: string | null): Map<string, Record<string, number>> {
  const parsed = new Map<string, Record<string, number>>()
  for (const item of (header ?? '').split(',').filter((part) => part.trim() !== '')) {
    const [name = '', ...parameters] = item.trim().split(';')
    parsed.set(
      JSON.parse(name) as string,
      Object.fromEntries(
        parameters.map((parameter) => parameter.split('=')).map(([key = '', value]) => [key, Number(value)]),
      ),
    )
  }
  return parsed
}

describe('RateLimit headers on answers that were not refused', () => {
  it('a failed sign-in reports each limit it counted against, with what is left of it', async () => {
    const address = testClientIp()
    const answer = await post(
      '/auth/login',
      { email: `nobody-${randomUUID()}@example.com`, password: 'Wrong1234' },
      address,
    )
    expect(answer.status).toBe(401)
    expect(answer.headers.get('retry-after')).toBeNull()
    const policies = items(answer.headers.get('ratelimit-policy'))
    const remaining = items(answer.headers.get('ratelimit'))
    expect(policies.get('sign-in:ip')).toEqual({ q: 50, w: 900 })
    expect(policies.get('sign-in:ip+email')).toEqual({ q: 10, w: 900 })
    expect(remaining.get('sign-in:ip')?.r).toBe(49)
    expect(remaining.get('sign-in:ip+email')?.r).toBe(9)
    expect(remaining.get('sign-in:ip+email')?.t).toBeGreaterThan(0)

    const again = await post(
      '/auth/login',
      { email: `nobody-${randomUUID()}@example.com`, password: 'Wrong1234' },
      address,
    )
    expect(items(again.headers.get('ratelimit')).get('sign-in:ip')?.r).toBe(48)
  })

  it('a sign-up and a contact message report their limits on success', async () => {
    const signUp = await post('/auth/register', {
      email: `limits-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Passw0rdX',
      firstName: 'Asha',
      lastName: 'Rao',
    })
    expect(signUp.status).toBe(200)
    expect(items(signUp.headers.get('ratelimit-policy')).get('sign-up:ip')).toEqual({ q: 10, w: 3600 })
    expect(items(signUp.headers.get('ratelimit')).get('sign-up:ip')?.r).toBe(9)

    const contact = await post('/contact', {
      firstName: 'Asha',
      lastName: 'Rao',
      email: `limits-${randomUUID().slice(0, 8)}@example.com`,
      subject: 'Question about plans',
      message: 'Does the Pro plan include the screenshot feature?',
    })
    expect(contact.status).toBe(200)
    expect([...items(contact.headers.get('ratelimit')).keys()].sort()).toEqual(['contact:email', 'contact:ip'])
  })

  it('an operation without a limit carries no RateLimit header', async () => {
    const plans = await fetch(`${baseUrl}/api/auth/plans`, { headers: { 'x-forwarded-for': testClientIp() } })
    expect(plans.status).toBe(200)
    expect(plans.headers.get('ratelimit')).toBeNull()
    expect(plans.headers.get('ratelimit-policy')).toBeNull()
  })
})
