import { createHmac } from 'node:crypto'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { fixedClock } from '#events/clock.ts'
import { verifyAccessToken } from '#server/accounts/tokens/access-tokens.ts'

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789')
const now = 1_795_000_000
const clock = fixedClock(new Date(now * 1000))
/** The subject verifyAccessToken answers, or null: HS256 verification through jose. */
const verify = (token: string) => verifyAccessToken(token, secret, clock)
const validClaims = {
  sub: 'user-1',
  role: 'user',
  iss: 'interview-helper',
  aud: 'interview-helper-api',
  iat: now - 60,
  exp: now + 600,
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A token built by hand, so that headers and claims jose would refuse to sign can be tried. */
function handMade(header: Record<string, unknown>, claims: Record<string, unknown>, key = secret): string {
  const signingInput = `${encode(header)}.${encode(claims)}`
  const algorithm = header.alg === 'HS512' ? 'sha512' : 'sha256'
  return `${signingInput}.${createHmac(algorithm, key).update(signingInput).digest('base64url')}`
}

describe('access token verification (HS256 through jose)', () => {
  it('accepts a token jose signed, answering its claims', async () => {
    const token = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuer('interview-helper')
      .setAudience('interview-helper-api')
      .setIssuedAt(now - 60)
      .setExpirationTime(now + 600)
      .sign(secret)
    expect(await verify(token)).toEqual({ userId: 'user-1', role: 'user', sessionId: undefined })
  })

  it('accepts an audience list that holds ours, as jose does', async () => {
    const token = handMade({ alg: 'HS256' }, { ...validClaims, aud: ['other', 'interview-helper-api'] })
    expect(await verify(token)).not.toBeNull()
  })

  it('refuses a tampered signature', async () => {
    const token = handMade({ alg: 'HS256' }, validClaims)
    const signature = token.slice(token.lastIndexOf('.') + 1)
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    expect(await verify(`${token.slice(0, token.lastIndexOf('.'))}.${flipped}`)).toBeNull()
  })

  it('refuses a signature that is cut short, and one of another key', async () => {
    const token = handMade({ alg: 'HS256' }, validClaims)
    expect(await verify(token.slice(0, -4))).toBeNull()
    const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-987654321')
    expect(await verify(handMade({ alg: 'HS256' }, validClaims, otherKey))).toBeNull()
  })

  it('refuses a tampered payload', async () => {
    const [header, , signature] = handMade({ alg: 'HS256' }, validClaims).split('.')
    const elevated = encode({ ...validClaims, role: 'support' })
    expect(await verify(`${header}.${elevated}.${signature}`)).toBeNull()
  })

  it('refuses any algorithm but HS256, an unsigned token and a critical extension', async () => {
    expect(await verify(handMade({ alg: 'HS512' }, validClaims))).toBeNull()
    expect(await verify(`${encode({ alg: 'none' })}.${encode(validClaims)}.`)).toBeNull()
    expect(await verify(handMade({ alg: 'hs256' }, validClaims))).toBeNull()
    expect(await verify(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, validClaims))).toBe(null)
  })

  it('refuses an expired token, from the second its exp is reached', async () => {
    expect(await verify(handMade({ alg: 'HS256' }, { ...validClaims, exp: now }))).toBeNull()
    expect(await verify(handMade({ alg: 'HS256' }, { ...validClaims, exp: now + 1 }))).not.toBe(null)
  })

  it('refuses a wrong audience or issuer', async () => {
    expect(await verify(handMade({ alg: 'HS256' }, { ...validClaims, aud: 'someone-else' }))).toBe(null)
    expect(await verify(handMade({ alg: 'HS256' }, { ...validClaims, aud: ['someone-else'] }))).toBe(null)
    expect(await verify(handMade({ alg: 'HS256' }, { ...validClaims, iss: 'someone-else' }))).toBe(null)
  })

  it('refuses a token without exp, iat or sub, or with a date that is not a number', async () => {
    for (const claim of ['exp', 'iat', 'sub', 'aud', 'iss'] as const) {
      const { [claim]: _dropped, ...rest } = validClaims
      expect(await verify(handMade({ alg: 'HS256' }, rest)), claim).toBeNull()
    }
    expect(await verify(handMade({ alg: 'HS256' }, { ...validClaims, exp: String(now + 600) }))).toBe(null)
  })

  it('refuses a token not yet valid (nbf in the future)', async () => {
    expect(await verify(handMade({ alg: 'HS256' }, { ...validClaims, nbf: now + 5 }))).toBeNull()
    expect(await verify(handMade({ alg: 'HS256' }, { ...validClaims, nbf: now }))).not.toBeNull()
  })

  it('refuses garbage: wrong part count, non-base64url, a payload that is not an object', async () => {
    expect(await verify('not-a-jwt')).toBeNull()
    expect(await verify('a.b.c.d')).toBeNull()
    expect(await verify('a+b.c/d.e=')).toBeNull()
    const signingInput = `${encode({ alg: 'HS256' })}.${encode([validClaims])}`
    const arrayPayload = `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`
    expect(await verify(arrayPayload)).toBeNull()
  })
})
