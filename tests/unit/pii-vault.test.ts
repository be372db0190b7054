import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { seal, sealedText, unseal } from '#events/pii/pii-vault.ts'

describe('PII sealing', () => {
  const key = randomBytes(32)

  it('round-trips text, with a fresh nonce each time', () => {
    const first = seal(key, 'u1', 'ada@example.com')
    const second = seal(key, 'u1', 'ada@example.com')
    expect(first).not.toBe(second)
    expect(sealedText.safeParse(first).success).toBe(true)
    expect(first).not.toContain('ada')
    expect(unseal(key, 'u1', first)).toBe('ada@example.com')
  })

  it('reads nothing once the key is gone', () => {
    expect(unseal(undefined, 'u1', seal(key, 'u1', 'Ada'))).toBeUndefined()
  })

  it('refuses a value moved to another person, or tampered with', () => {
    const value = seal(key, 'u1', 'Ada')
    expect(() => unseal(key, 'u2', value)).toThrow()
    const [iv, tag, body] = value.slice('pii:v1:'.length).split('.')
    const flipped = Buffer.from(body ?? '', 'base64url')
    flipped[0] = (flipped[0] ?? 0) ^ 1
    expect(() => unseal(key, 'u1', `pii:v1:${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow()
    expect(() => unseal(randomBytes(32), 'u1', value)).toThrow()
  })
})
