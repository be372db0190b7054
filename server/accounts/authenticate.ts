import { z } from 'zod'
import type { Runtime } from '#server/runtime.types.ts'
import { verifyAccessToken, type UserRole } from './tokens/access-tokens.ts'
import { liveSession } from './tokens/auth-sessions.ts'
import { jwtSecretKey } from './tokens/jwt-secret.ts'

/** Who an accepted access token stands for, and the session it belongs to. */
export type AuthenticatedUser = { id: string; role: UserRole; sessionId: string }

const sessionIdSchema = z.uuid()

/**
 * The person behind an access token, or null. The signature and expiry are not enough: the
 * token's session must still be live, belong to the token's subject, and carry the role the token
 * names. One primary-key read per request, never cached, so an ending written by any instance
 * holds on every instance from its next request.
 */
export async function authenticate(runtime: Runtime, token: string): Promise<AuthenticatedUser | null> {
  const subject = await verifyAccessToken(token, await jwtSecretKey(runtime.config), runtime.clock)
  const sessionId = sessionIdSchema.safeParse(subject?.sessionId)
  if (!subject || !sessionId.success) return null
  const session = await liveSession(runtime.db, sessionId.data)
  if (session?.userId !== subject.userId || session.role !== subject.role) return null
  return { id: subject.userId, role: subject.role, sessionId: sessionId.data }
}
