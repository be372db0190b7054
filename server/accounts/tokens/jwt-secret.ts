import { devSecret } from '#server/dev-secrets.ts'

/**
 * The HS256 key for access tokens: AUTH_JWT_SECRET when set, else (development only; app.config.ts
 * refuses production without it) a random key kept in the data folder so tokens survive restarts.
 */
export function jwtSecretKey(config: {
  auth: { jwtSecret: string | undefined }
  database: { dataDir: string }
}): Promise<Uint8Array> {
  if (config.auth.jwtSecret !== undefined) return Promise.resolve(new TextEncoder().encode(config.auth.jwtSecret))
  return devSecret(config.database.dataDir, 'dev-jwt-secret')
}
