import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { Clock } from '#events/clock.ts'
import { verifiedTokens, type VerifiedTokens } from './verified-tokens.ts'

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
  // Checked by jose already; read here for how long a verified token is kept.
  exp: z.number(),
  nbf: z.number().optional(),
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

/** Tokens kept per instance at most: about 2 MB of tokens and subjects. */
const verifiedTokenCapacity = 5_000

type Verifier = { key: Promise<CryptoKey>; verified: VerifiedTokens<AccessTokenSubject> }

// Per secret: a token verified with one key says nothing about another. The key is a CryptoKey
// imported once: from raw bytes or a secret KeyObject, jose imports a new one on every call.
const verifiers = new WeakMap<Uint8Array, Verifier>()

function verifierOf(secret: Uint8Array): Verifier {
  let verifier = verifiers.get(secret)
  if (!verifier) {
    verifier = {
      key: crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']),
      verified: verifiedTokens(verifiedTokenCapacity),
    }
    verifiers.set(secret, verifier)
  }
  return verifier
}

/**
 * The token's subject, or null for anything not issued by us, for us, and still valid: HS256 only,
 * our issuer and audience, `exp`, `iat` and `sub` required, no clock tolerance (decision 0105). A
 * token jose verified before answers from the tokens kept until its `exp` (decision 0128).
 */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  clock: Clock,
): Promise<AccessTokenSubject | null> {
  const now = clock.now()
  const { key, verified } = verifierOf(secret)
  const known = verified.subjectOf(token, Math.floor(now.getTime() / 1000))
  if (known) return known
  const result = await jwtVerify(token, await key, {
    algorithms: ['HS256'],
    issuer: accessTokenIssuer,
    audience: accessTokenAudience,
    requiredClaims: ['exp', 'iat', 'sub'],
    currentDate: now,
  }).catch(() => null)
  if (!result) return null
  const claims = claimsSchema.safeParse(result.payload)
  if (!claims.success) return null
  const subject = { userId: claims.data.sub, role: claims.data.role, sessionId: claims.data.sid }
  // Kept only when expiry is all that can end it: a token with a start time (we issue none) is checked each time.
  if (claims.data.nbf === undefined) verified.remember(token, subject, claims.data.exp)
  return subject
}
