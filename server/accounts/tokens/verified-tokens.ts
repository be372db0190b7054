export type VerifiedTokens<Subject> = {
  /** What a kept token stands for while `nowSeconds` is before its `exp`, as jose's check reads it. */
  subjectOf: (token: string, nowSeconds: number) => Subject | undefined
  /** Keeps a token just verified, valid until `expiresAt` (its `exp`, seconds since the epoch). */
  remember: (token: string, subject: Subject, expiresAt: number) => void
}

/**
 * Tokens whose signature and claims were verified, each with what it stands for, kept until its
 * expiry: a client sends the same access token with every request of its life, and verifying it
 * again (WebCrypto's HMAC through jose) was the largest cost of a signed-in request after its
 * database reads (decision 0128). Only verified tokens are kept, so nobody but the issuer can fill
 * it; when `capacity` are kept, the one kept longest goes first.
 */
export function verifiedTokens<Subject>(capacity: number): VerifiedTokens<Subject> {
  const entries = new Map<string, { subject: Subject; expiresAt: number }>()
  return {
    subjectOf(token, nowSeconds) {
      const entry = entries.get(token)
      if (entry === undefined) return undefined
      if (nowSeconds < entry.expiresAt) return entry.subject
      entries.delete(token)
      return undefined
    },
    remember(token, subject, expiresAt) {
      if (entries.size >= capacity && !entries.has(token)) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
      entries.set(token, { subject, expiresAt })
    },
  }
}
