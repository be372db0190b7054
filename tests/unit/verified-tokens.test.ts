import { describe, expect, it } from 'vitest'
import { verifiedTokens } from '#server/accounts/tokens/verified-tokens.ts'

describe('verified tokens', () => {
  it('answers a kept token until its expiry second, then forgets it', () => {
    const kept = verifiedTokens<string>(10)
    kept.remember('token-a', 'subject-a', 1_000)
    expect(kept.subjectOf('token-a', 999)).toBe('subject-a')
    expect(kept.subjectOf('token-a', 1_000)).toBeUndefined()
    expect(kept.subjectOf('token-a', 999)).toBeUndefined()
    expect(kept.subjectOf('token-b', 0)).toBeUndefined()
  })

  it('when full, lets the token used longest ago go first', () => {
    const kept = verifiedTokens<string>(2)
    kept.remember('token-a', 'subject-a', 1_000)
    kept.remember('token-b', 'subject-b', 1_000)
    kept.remember('token-c', 'subject-c', 1_000)
    expect(kept.subjectOf('token-a', 0)).toBeUndefined()
    expect(kept.subjectOf('token-b', 0)).toBe('subject-b')
    expect(kept.subjectOf('token-c', 0)).toBe('subject-c')
  })

  it('keeps a token still in use when full, though it was kept first', () => {
    const kept = verifiedTokens<string>(2)
    kept.remember('token-a', 'subject-a', 1_000)
    kept.remember('token-b', 'subject-b', 1_000)
    expect(kept.subjectOf('token-a', 0)).toBe('subject-a')
    kept.remember('token-c', 'subject-c', 1_000)
    expect(kept.subjectOf('token-a', 0)).toBe('subject-a')
    expect(kept.subjectOf('token-b', 0)).toBeUndefined()
    expect(kept.subjectOf('token-c', 0)).toBe('subject-c')
  })
})
