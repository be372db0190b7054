import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto'

export type Hs256Expectations = {
  issuer: string
  audience: string
  /** Seconds since the epoch, as the clock reads it now. */
  now: number
}

/** A JWT payload: a JSON object, not yet checked beyond the registered claims. */
export type JwtPayload = Record<string, unknown>

const base64url = /^[A-Za-z0-9_-]*$/
// An HMAC over raw key bytes imports the key on every call, several times the cost of the hash.
const keyObjects = new WeakMap<Uint8Array, KeyObject>()

function keyObjectOf(key: Uint8Array): KeyObject {
  let keyObject = keyObjects.get(key)
  if (!keyObject) {
    keyObject = createSecretKey(key)
    keyObjects.set(key, keyObject)
  }
  return keyObject
}
const hs256SignatureBytes = 32

/**
 * The payload of a compact HS256 JWT signed with `key`, or null. The checks are those of jose's
 * `jwtVerify` with `algorithms: ['HS256']`, an issuer, an audience, no clock tolerance and
 * `exp`, `iat`, `sub` required: the header must name HS256 and no critical extension; the
 * signature must match (compared in constant time); `iss` must be ours, `aud` ours or a list
 * holding ours; `exp` (required) must be later than now, `nbf` (if present) not later than now, and
 * `iat` (required) a number. It runs on node:crypto's HMAC directly: WebCrypto's key import and
 * promise per call cost several times as much, on every API request.
 */
export function verifyHs256Jwt(token: string, key: Uint8Array, expected: Hs256Expectations): JwtPayload | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [encodedHeader = '', encodedPayload = '', encodedSignature = ''] = parts
  if (!base64url.test(encodedHeader) || !base64url.test(encodedPayload) || !base64url.test(encodedSignature))
    return null

  const header = jsonObject(encodedHeader)
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null

  const signature = Buffer.from(encodedSignature, 'base64url')
  const expectedSignature = createHmac('sha256', keyObjectOf(key)).update(`${encodedHeader}.${encodedPayload}`).digest()
  if (signature.length !== hs256SignatureBytes || !timingSafeEqual(signature, expectedSignature)) return null

  const payload = jsonObject(encodedPayload)
  if (!payload) return null
  return claimsHold(payload, expected) ? payload : null
}

function claimsHold(payload: JwtPayload, expected: Hs256Expectations): boolean {
  const { iss, aud, exp, iat, nbf, sub } = payload
  if (sub === undefined || iss !== expected.issuer) return false
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : []
  if (!audiences.includes(expected.audience)) return false
  if (!isNumericDate(exp) || exp <= expected.now) return false
  if (!isNumericDate(iat)) return false
  if (nbf !== undefined && (!isNumericDate(nbf) || nbf > expected.now)) return false
  return true
}

function isNumericDate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

function jsonObject(encoded: string): JwtPayload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JwtPayload) : null
  } catch {
    return null
  }
}
