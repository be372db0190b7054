import { devSecret } from '#server/dev-secrets.ts'

const configuredKeys = new Map<string, Uint8Array>()

/**
 * The HS256 key for access tokens: AUTH_JWT_SECRET when set, else (development only; app.config.ts
 * refuses production without it) a random key kept in the data folder so tokens survive restarts.
 */
export function jwtSecretKey(config: {
  auth: { jwtSecret: string | undefined }
  database: { dataDir: string }
}): Promise<Uint8Array> {
  const { jwtSecret } = config.auth
  if (jwtSecret !== undefined) {
    // The same bytes for the same secret, so the verifier's key object is made once.
    let key = configuredKeys.get(jwtSecret)
    if (!key) {
      key = new TextEncoder().encode(jwtSecret)
      configuredKeys.set(jwtSecret, key)
    }
    return Promise.resolve(key)
  }
  return devSecret(config.database.dataDir, 'dev-jwt-secret')
}
