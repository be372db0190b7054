import { describe, expect, it } from 'vitest'
import { codeAt, stepOfCode } from '#server/accounts/second-step/one-time-codes.ts'
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  recoveryCodeCount,
} from '#server/accounts/second-step/recovery-codes.ts'

// RFC 6238 appendix B, SHA-1: the seed "12345678901234567890" in base32. A 6-digit code is the last
// six digits of the 8-digit one (both are the same number modulo a power of ten).
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
const rfcVectors = [
  { seconds: 59, code: '94287082', step: 1 },
  { seconds: 1111111109, code: '07081804', step: 37037036 },
  { seconds: 1111111111, code: '14050471', step: 37037037 },
  { seconds: 1234567890, code: '89005924', step: 41152263 },
  { seconds: 2000000000, code: '69279037', step: 66666666 },
  { seconds: 20000000000, code: '65353130', step: 666666666 },
]
const at = (seconds: number) => new Date(seconds * 1000)

describe('one-time codes (RFC 6238)', () => {
  it.each(rfcVectors)('gives and accepts the test vector at $seconds s', ({ seconds, code, step }) => {
    expect(codeAt(rfcSecret, at(seconds))).toBe(code.slice(2))
    expect(stepOfCode(rfcSecret, code.slice(2), at(seconds))).toBe(step)
  })

  it('accepts one 30-second step of clock skew either way, and no more', () => {
    const code = codeAt(rfcSecret, at(1234567890))
    expect(stepOfCode(rfcSecret, code, at(1234567890 + 30))).toBe(41152263)
    expect(stepOfCode(rfcSecret, code, at(1234567890 - 30))).toBe(41152263)
    expect(stepOfCode(rfcSecret, code, at(1234567890 + 60))).toBeUndefined()
    expect(stepOfCode(rfcSecret, code, at(1234567890 - 60))).toBeUndefined()
  })

  it('refuses a wrong code', () => {
    const right = codeAt(rfcSecret, at(59))
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    expect(stepOfCode(rfcSecret, wrong, at(59))).toBeUndefined()
  })
})

describe('recovery codes', () => {
  it('are ten distinct codes, kept as hashes that match however the code is typed', () => {
    const { codes, hashes } = newRecoveryCodes()
    expect(codes).toHaveLength(recoveryCodeCount)
    expect(new Set(codes).size).toBe(recoveryCodeCount)
    const first = codes[0] ?? ''
    expect(first).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/)
    expect(hashes).not.toContain(first)
    expect(hashRecoveryCode(` ${first.toUpperCase().replace('-', ' ')} `)).toBe(hashes[0])
    expect(looksLikeRecoveryCode(first)).toBe(true)
    expect(looksLikeRecoveryCode('123456')).toBe(false)
  })
})
