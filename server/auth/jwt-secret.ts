import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

const devSecretFile = 'dev-jwt-secret'
const devSecrets = new Map<string, Promise<Uint8Array>>()

/**
 * The HS256 key for access tokens: AUTH_JWT_SECRET when set, else (development only; app.config.ts
 * refuses production without it) a random key kept in the data folder so tokens survive restarts.
 */
export function jwtSecretKey(config: { auth: { jwtSecret: string | undefined }; database: { dataDir: string } }): Promise<Uint8Array> {
  if (config.auth.jwtSecret !== undefined) return Promise.resolve(new TextEncoder().encode(config.auth.jwtSecret))
  const folder = path.resolve(config.database.dataDir)
  let secret = devSecrets.get(folder)
  if (!secret) {
    secret = readOrCreateDevSecret(folder)
    devSecrets.set(folder, secret)
    secret.catch(() => devSecrets.delete(folder))
  }
  return secret
}

async function readOrCreateDevSecret(folder: string): Promise<Uint8Array> {
  const file = path.join(folder, devSecretFile)
  await mkdir(folder, { recursive: true })
  try {
    // 'wx' fails when the file exists, so two processes starting together agree on one secret.
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if (!isAlreadyExists(error)) throw error
  }
  const stored = (await readFile(file, 'utf8')).trim()
  const key = Buffer.from(stored, 'base64url')
  if (key.length < 32) throw new Error(`${file} holds no usable secret: delete it and restart`)
  return new Uint8Array(key)
}

function isAlreadyExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST'
}
