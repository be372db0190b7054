import { createHash, randomInt } from 'node:crypto'

export const recoveryCodeCount = 10

// Crockford's base32 without look-alikes: 10 characters carry 50 bits.
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz'

/** `xxxxx-xxxxx`, lower case; what the person types may differ in case, spaces and dashes. */
const newCode = () => {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

const normalizeRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '')

export const hashRecoveryCode = (typed: string) =>
  createHash('sha256')
    .update(`recovery-code\0${normalizeRecoveryCode(typed)}`)
    .digest('base64url')

/** A fresh set: the codes to show once, and the hashes to keep. */
export function newRecoveryCodes() {
  const codes = Array.from({ length: recoveryCodeCount }, newCode)
  return { codes, hashes: codes.map(hashRecoveryCode) }
}

/** A typed code that looks like a recovery code rather than a 6-digit one. */
export const looksLikeRecoveryCode = (typed: string) => /^[0-9a-z]{10}$/.test(normalizeRecoveryCode(typed))
