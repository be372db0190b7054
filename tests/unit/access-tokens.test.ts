import { SignJWT } from 'jose'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  accessTokenLifetimeSeconds,
  signAccessToken,
  verifyAccessToken,
} from '#server/accounts/tokens/access-tokens.ts'
import { jwtSecretKey } from '#server/accounts/tokens/jwt-secret.ts'
import { fixedClock } from '#events/clock.ts'

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789')
const otherSecret = new TextEncoder().encode('another-secret-that-is-long-enough-987654321')

describe('access tokens', () => {
  it('verifies a token it signed, with the same subject', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    const token = await signAccessToken({ userId: 'user-1', role: 'support', sessionId: 'session-9' }, secret, clock)
    await expect(verifyAccessToken(token, secret, clock)).resolves.toEqual({
      userId: 'user-1',
      role: 'support',
      sessionId: 'session-9',
    })
  })

  it('expires after 15 minutes by the injected clock', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    const token = await signAccessToken({ userId: 'user-1', role: 'user' }, secret, clock)
    clock.advance(accessTokenLifetimeSeconds * 1000 - 1000)
    expect(await verifyAccessToken(token, secret, clock)).not.toBeNull()
    clock.advance(2000)
    expect(await verifyAccessToken(token, secret, clock)).toBeNull()
  })

  it('refuses a token it verified before from its expiry second on', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    const token = await signAccessToken({ userId: 'user-1', role: 'user' }, secret, clock)
    expect(await verifyAccessToken(token, secret, clock)).not.toBeNull()
    clock.advance(accessTokenLifetimeSeconds * 1000 - 1)
    expect(await verifyAccessToken(token, secret, clock)).not.toBeNull()
    clock.advance(1)
    expect(await verifyAccessToken(token, secret, clock)).toBeNull()
  })

  it('refuses a token verified with one secret when checked against another', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    const token = await signAccessToken({ userId: 'user-1', role: 'support' }, secret, clock)
    expect(await verifyAccessToken(token, secret, clock)).not.toBeNull()
    expect(await verifyAccessToken(token, otherSecret, clock)).toBeNull()
  })

  it('refuses a token with a start time before it, however often it was verified', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    const now = Math.floor(clock.now().getTime() / 1000)
    const token = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('interview-helper')
      .setAudience('interview-helper-api')
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + 600)
      .sign(secret)
    expect(await verifyAccessToken(token, secret, clock)).not.toBeNull()
    clock.set(new Date((now - 1) * 1000))
    expect(await verifyAccessToken(token, secret, clock)).toBeNull()
  })

  it('rejects a token signed with another secret (forged)', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    const forged = await signAccessToken({ userId: 'user-1', role: 'support' }, otherSecret, clock)
    expect(await verifyAccessToken(forged, secret, clock)).toBeNull()
  })

  it('rejects a tampered payload', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    const token = await signAccessToken({ userId: 'user-1', role: 'user' }, secret, clock)
    const [header, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'support' })).toString('base64url')
    expect(await verifyAccessToken(`${header}.${elevated}.${signature}`, secret, clock)).toBeNull()
  })

  it('rejects a wrong audience or issuer', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    const now = Math.floor(clock.now().getTime() / 1000)
    const sign = (issuer: string, audience: string) =>
      new SignJWT({ role: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('user-1')
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(secret)
    expect(await verifyAccessToken(await sign('interview-helper', 'someone-else'), secret, clock)).toBeNull()
    expect(await verifyAccessToken(await sign('someone-else', 'interview-helper-api'), secret, clock)).toBeNull()
    expect(
      await verifyAccessToken(await sign('interview-helper', 'interview-helper-api'), secret, clock),
    ).not.toBeNull()
  })

  it('rejects garbage and an unknown role', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z')
    expect(await verifyAccessToken('not-a-jwt', secret, clock)).toBeNull()
    const now = Math.floor(clock.now().getTime() / 1000)
    const admin = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('interview-helper')
      .setAudience('interview-helper-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secret)
    expect(await verifyAccessToken(admin, secret, clock)).toBeNull()
  })
})

describe('JWT secret', () => {
  const folders: string[] = []
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
  })

  it('uses AUTH_JWT_SECRET when configured', async () => {
    const key = await jwtSecretKey({ auth: { jwtSecret: 'x'.repeat(40) }, database: { dataDir: '/nonexistent' } })
    expect(new TextDecoder().decode(key)).toBe('x'.repeat(40))
  })

  it('otherwise creates one private dev secret per data folder and keeps it', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'jwt-secret-test-'))
    folders.push(parent)
    const dataDir = path.join(parent, 'nested', 'data')
    const config = { auth: { jwtSecret: undefined }, database: { dataDir } }
    const first = await jwtSecretKey(config)
    expect(first.length).toBe(48)
    const file = path.join(dataDir, 'dev-jwt-secret')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url')).toEqual(Buffer.from(first))
    expect(await jwtSecretKey(config)).toBe(first)
  })
})
