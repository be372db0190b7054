import { LRUCache } from 'lru-cache'

export type VerifiedTokens<Subject> = {
  /** What a kept token stands for while `nowSeconds` is before its `exp`, as jose's check reads it. */
  subjectOf: (token: string, nowSeconds: number) => Subject | undefined
  /** Keeps a token just verified, valid until `expiresAt` (its `exp`, seconds since the epoch). */
  remember: (token: string, subject: Subject, expiresAt: number) => void
}

type Kept<Subject> = { subject: Subject; expiresAt: number }

/**
 * Tokens whose signature and claims were verified, each with what it stands for, kept until its
 * expiry: a client sends the same access token with every request of its life, and verifying it
 * again (WebCrypto's HMAC through jose) was the largest cost of a signed-in request after its
 * database reads (decision 0128). Only verified tokens are kept, so nobody but the issuer can fill
 * it; when `capacity` are kept, the one used longest ago goes first (a token still in use stays).
 * Expiry is read against the caller's `nowSeconds`, the clock jose's check is given, not with
 * lru-cache's `ttl`: that counts milliseconds since the token was kept on the cache's own clock,
 * which neither ends at `exp` to the second nor follows the clock a verification is given.
 */
export function verifiedTokens<Subject>(capacity: number): VerifiedTokens<Subject> {
  const entries = new LRUCache<string, Kept<Subject>>({ max: capacity })
  return {
    subjectOf(token, nowSeconds) {
      const entry = entries.get(token)
      if (entry === undefined) return undefined
      if (nowSeconds < entry.expiresAt) return entry.subject
      entries.delete(token)
      return undefined
    },
    remember(token, subject, expiresAt) {
      entries.set(token, { subject, expiresAt })
    },
  }
}
