/**
 * Key material of the fake project: an ES256 signing key published in the JWKS (what new Supabase
 * projects use), the legacy HS256 project secret (which also signs the anon and service_role API
 * keys), and a foreign ES256 key that no JWKS publishes, for negative tests.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose'

export type ProjectKeys = {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
  jwtSecret: string
  foreign: { kid: string; privateKey: CryptoKey }
  anonKey: string
  serviceRoleKey: string
}

const tenYearsSeconds = 10 * 365 * 24 * 3600

export async function createProjectKeys(projectRef: string, jwtSecret?: string): Promise<ProjectKeys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const foreign = await generateKeyPair('ES256', { extractable: true })
  const kid = randomUUID()
  const secret = jwtSecret ?? randomBytes(32).toString('base64url')
  const publicJwk = { ...(await exportJWK(publicKey)), alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true, kid }
  const apiKey = (role: string) => signHs256({ iss: 'supabase', ref: projectRef, role }, secret, tenYearsSeconds)
  return {
    kid,
    privateKey,
    publicJwk,
    jwtSecret: secret,
    foreign: { kid: randomUUID(), privateKey: foreign.privateKey },
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
  }
}

export type SigningChoice =
  { alg: 'ES256'; kid: string; key: CryptoKey } | { alg: 'HS256'; kid?: string; secret: string }

export async function signToken(
  payload: JWTPayload,
  signing: SigningChoice,
  issuedAt: number,
  expiresAt: number,
): Promise<string> {
  const jwt = new SignJWT(payload).setIssuedAt(issuedAt).setExpirationTime(expiresAt)
  if (signing.alg === 'ES256')
    return jwt.setProtectedHeader({ alg: 'ES256', kid: signing.kid, typ: 'JWT' }).sign(signing.key)
  const header = signing.kid ? { alg: 'HS256', kid: signing.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' }
  return jwt.setProtectedHeader(header).sign(new TextEncoder().encode(signing.secret))
}

function signHs256(payload: JWTPayload, secret: string, lifetimeSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return signToken(payload, { alg: 'HS256', secret }, now, now + lifetimeSeconds)
}
