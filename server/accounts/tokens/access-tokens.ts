import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { Clock } from '#events/clock.ts'

const accessTokenIssuer = 'interview-helper'
const accessTokenAudience = 'interview-helper-api'
export const accessTokenLifetimeSeconds = 15 * 60

const userRoles = ['user', 'support'] as const
export type UserRole = (typeof userRoles)[number]

export type AccessTokenSubject = { userId: string; role: UserRole; sessionId?: string | undefined }

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(userRoles),
  sid: z.string().min(1).optional(),
})

export async function signAccessToken(subject: AccessTokenSubject, secret: Uint8Array, clock: Clock): Promise<string> {
  const issuedAt = Math.floor(clock.now().getTime() / 1000)
  const claims: Record<string, string> = { role: subject.role }
  if (subject.sessionId !== undefined) claims.sid = subject.sessionId
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.userId)
    .setIssuer(accessTokenIssuer)
    .setAudience(accessTokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + accessTokenLifetimeSeconds)
    .sign(secret)
}

// A WebCrypto key imported once per secret: jose uses a CryptoKey as it is, while from raw bytes or
// a secret KeyObject it exports the bytes and imports a new key on every call.
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>()

function verifyKeyOf(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
    verifyKeys.set(secret, key)
  }
  return key
}

/**
 * The token's subject, or null for anything not issued by us, for us, and still valid: HS256 only,
 * our issuer and audience, `exp`, `iat` and `sub` required, no clock tolerance (decision 0105).
 */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  clock: Clock,
): Promise<AccessTokenSubject | null> {
  const verified = await jwtVerify(token, await verifyKeyOf(secret), {
    algorithms: ['HS256'],
    issuer: accessTokenIssuer,
    audience: accessTokenAudience,
    requiredClaims: ['exp', 'iat', 'sub'],
    currentDate: clock.now(),
  }).catch(() => null)
  if (!verified) return null
  const claims = claimsSchema.safeParse(verified.payload)
  if (!claims.success) return null
  return { userId: claims.data.sub, role: claims.data.role, sessionId: claims.data.sid }
}
