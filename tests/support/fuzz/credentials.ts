import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { SignJWT } from 'jose'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import type { TestDatabase } from '../databases.ts'
import { dataOf, restClient } from '../rest-client.ts'
import { signedUpUserToken } from '../sign-up.ts'
import type { Credentials } from './cases.ts'

const password = 'Fuzz-Passw0rd!'

/**
 * A signed-in person and a signed-in member of support staff on the server under test, plus
 * tokens that must be refused: signed with another key, unsigned, and not a token at all.
 */
export async function fuzzCredentials(baseUrl: string, database: TestDatabase & { url: string }) {
  const api = restClient(baseUrl)
  const signIn = async (email: string) =>
    dataOf<{ tokens: { accessToken: string } }>(await api('POST', '/auth/login', { body: { email, password } })).tokens
      .accessToken
  const user = await signedUpUserToken(api, database, { password })
  const supportToken = await signedUpUserToken(api, database, { password })
  const supportEmail = await emailOf(baseUrl, supportToken)
  await promisify(execFile)(process.execPath, ['scripts/grant-support.ts', supportEmail], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
  })
  const userEmail = await emailOf(baseUrl, user)
  const forged = await forgedTokens()
  let current: Credentials = { user, support: await signIn(supportEmail), forged }
  return {
    current: () => current,
    /** Signs both in again: fuzzed sign-outs and deletions may have ended their sessions. */
    renew: async () => {
      current = { user: await signIn(userEmail).catch(() => current.user), support: await signIn(supportEmail), forged }
    },
  }
}

async function emailOf(baseUrl: string, token: string): Promise<string> {
  const answer = await restClient(baseUrl)('GET', '/auth/validate', { token })
  return dataOf<{ user: { email: string } }>(answer).user.email
}

async function forgedTokens(): Promise<string[]> {
  const claims = { sub: randomUUID(), role: 'support', sid: randomUUID() }
  const otherKey = new TextEncoder().encode('not-the-server-secret-not-the-server-secret')
  const signed = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(otherKey)
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, exp: 4_102_444_800 })}.`
  return [signed, unsigned, 'not-a-token', `${signed.slice(0, -4)}AAAA`]
}
