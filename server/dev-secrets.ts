import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

const cache = new Map<string, Promise<Uint8Array>>()

/**
 * A random secret kept in the data folder, for development stand-ins of secrets that production
 * must configure (app.config.ts refuses production without them). Kept across restarts so tokens
 * and signatures stay valid.
 */
export function devSecret(dataDir: string, name: string): Promise<Uint8Array> {
  const file = path.join(path.resolve(dataDir), name)
  let secret = cache.get(file)
  if (!secret) {
    secret = readOrCreate(file)
    cache.set(file, secret)
    secret.catch(() => cache.delete(file))
  }
  return secret
}

async function readOrCreate(file: string): Promise<Uint8Array> {
  await mkdir(path.dirname(file), { recursive: true })
  try {
    // 'wx' fails when the file exists, so two processes starting together agree on one secret.
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url')
  if (key.length < 32) throw new Error(`${file} holds no usable secret: delete it and restart`)
  return new Uint8Array(key)
}
