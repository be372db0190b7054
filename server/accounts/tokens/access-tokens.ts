import { SignJWT } from 'jose'
import { z } from 'zod'
import type { Clock } from '#events/clock.ts'
import { verifyHs256Jwt } from './hs256-jwt.ts'

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

/**
 * The token's subject, or null for anything not issued by us, for us, and still valid. Every API
 * request verifies one, so it runs on node:crypto rather than jose (decision 0048).
 */
export function verifyAccessToken(token: string, secret: Uint8Array, clock: Clock): Promise<AccessTokenSubject | null> {
  const payload = verifyHs256Jwt(token, secret, {
    issuer: accessTokenIssuer,
    audience: accessTokenAudience,
    now: Math.floor(clock.now().getTime() / 1000),
  })
  const claims = claimsSchema.safeParse(payload)
  if (!claims.success) return Promise.resolve(null)
  return Promise.resolve({ userId: claims.data.sub, role: claims.data.role, sessionId: claims.data.sid })
}
