import { createHmac } from 'node:crypto'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { verifyHs256Jwt } from '#server/accounts/tokens/hs256-jwt.ts'

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789')
const now = 1_795_000_000
const expected = { issuer: 'interview-helper', audience: 'interview-helper-api', now }
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

describe('HS256 JWT verification on node:crypto', () => {
  it('accepts a token jose signed, answering its claims', async () => {
    const token = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuer('interview-helper')
      .setAudience('interview-helper-api')
      .setIssuedAt(now - 60)
      .setExpirationTime(now + 600)
      .sign(secret)
    expect(verifyHs256Jwt(token, secret, expected)).toMatchObject({ sub: 'user-1', role: 'user' })
  })

  it('accepts an audience list that holds ours, as jose does', () => {
    const token = handMade({ alg: 'HS256' }, { ...validClaims, aud: ['other', 'interview-helper-api'] })
    expect(verifyHs256Jwt(token, secret, expected)).not.toBeNull()
  })

  it('refuses a tampered signature', () => {
    const token = handMade({ alg: 'HS256' }, validClaims)
    const signature = token.slice(token.lastIndexOf('.') + 1)
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    expect(verifyHs256Jwt(`${token.slice(0, token.lastIndexOf('.'))}.${flipped}`, secret, expected)).toBeNull()
  })

  it('refuses a signature that is cut short, and one of another key', () => {
    const token = handMade({ alg: 'HS256' }, validClaims)
    expect(verifyHs256Jwt(token.slice(0, -4), secret, expected)).toBeNull()
    const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-987654321')
    expect(verifyHs256Jwt(handMade({ alg: 'HS256' }, validClaims, otherKey), secret, expected)).toBeNull()
  })

  it('refuses a tampered payload', () => {
    const [header, , signature] = handMade({ alg: 'HS256' }, validClaims).split('.')
    const elevated = encode({ ...validClaims, role: 'support' })
    expect(verifyHs256Jwt(`${header}.${elevated}.${signature}`, secret, expected)).toBeNull()
  })

  it('refuses any algorithm but HS256, an unsigned token and a critical extension', () => {
    expect(verifyHs256Jwt(handMade({ alg: 'HS512' }, validClaims), secret, expected)).toBeNull()
    expect(verifyHs256Jwt(`${encode({ alg: 'none' })}.${encode(validClaims)}.`, secret, expected)).toBeNull()
    expect(verifyHs256Jwt(handMade({ alg: 'hs256' }, validClaims), secret, expected)).toBeNull()
    expect(verifyHs256Jwt(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, validClaims), secret, expected)).toBe(
      null,
    )
  })

  it('refuses an expired token, from the second its exp is reached', () => {
    expect(verifyHs256Jwt(handMade({ alg: 'HS256' }, { ...validClaims, exp: now }), secret, expected)).toBeNull()
    expect(verifyHs256Jwt(handMade({ alg: 'HS256' }, { ...validClaims, exp: now + 1 }), secret, expected)).not.toBe(
      null,
    )
  })

  it('refuses a wrong audience or issuer', () => {
    expect(verifyHs256Jwt(handMade({ alg: 'HS256' }, { ...validClaims, aud: 'someone-else' }), secret, expected)).toBe(
      null,
    )
    expect(
      verifyHs256Jwt(handMade({ alg: 'HS256' }, { ...validClaims, aud: ['someone-else'] }), secret, expected),
    ).toBe(null)
    expect(verifyHs256Jwt(handMade({ alg: 'HS256' }, { ...validClaims, iss: 'someone-else' }), secret, expected)).toBe(
      null,
    )
  })

  it('refuses a token without exp, iat or sub, or with a date that is not a number', () => {
    for (const claim of ['exp', 'iat', 'sub', 'aud', 'iss'] as const) {
      const { [claim]: _dropped, ...rest } = validClaims
      expect(verifyHs256Jwt(handMade({ alg: 'HS256' }, rest), secret, expected), claim).toBeNull()
    }
    expect(
      verifyHs256Jwt(handMade({ alg: 'HS256' }, { ...validClaims, exp: String(now + 600) }), secret, expected),
    ).toBe(null)
  })

  it('refuses a token not yet valid (nbf in the future)', () => {
    expect(verifyHs256Jwt(handMade({ alg: 'HS256' }, { ...validClaims, nbf: now + 5 }), secret, expected)).toBeNull()
    expect(verifyHs256Jwt(handMade({ alg: 'HS256' }, { ...validClaims, nbf: now }), secret, expected)).not.toBeNull()
  })

  it('refuses garbage: wrong part count, non-base64url, a payload that is not an object', () => {
    expect(verifyHs256Jwt('not-a-jwt', secret, expected)).toBeNull()
    expect(verifyHs256Jwt('a.b.c.d', secret, expected)).toBeNull()
    expect(verifyHs256Jwt('a+b.c/d.e=', secret, expected)).toBeNull()
    const signingInput = `${encode({ alg: 'HS256' })}.${encode([validClaims])}`
    const arrayPayload = `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`
    expect(verifyHs256Jwt(arrayPayload, secret, expected)).toBeNull()
  })
})
