import { createHash, randomBytes } from 'node:crypto'

/** A random token for a link or a session; only its hash is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashOpaqueToken(token) }
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
