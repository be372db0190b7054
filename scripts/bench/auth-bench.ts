import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { authenticate } from '#server/accounts/authenticate.ts'
import { liveSession, startSession } from '#server/accounts/tokens/auth-sessions.ts'
import { accessTokenFor } from '#server/accounts/tokens/token-pair.ts'
import { verifyAccessToken } from '#server/accounts/tokens/access-tokens.ts'
import { jwtSecretKey } from '#server/accounts/tokens/jwt-secret.ts'
import type { DatabaseKind } from '#tests/support/databases.ts'
import { createTestRuntime } from '#tests/support/test-runtime.ts'
import type { Figure } from './event-store-bench.ts'

const sessions = 20_000
const checks = 2_000

async function timePerCall(calls: number, work: (index: number) => Promise<unknown>) {
  const started = performance.now()
  for (let index = 0; index < calls; index += 1) await work(index)
  return ((performance.now() - started) * 1000) / calls
}

/**
 * What the revocation check adds to an authenticated request: the access token's signature check
 * alone (each token's first, through jose), a bare database round trip, the session's primary-key
 * read alone (over a table of 20,000 sessions), and the whole check as a request runs it (each token
 * verified before, as a client's next request finds it: decision 0128).
 */
export async function benchAuth(kinds: DatabaseKind[]): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const kind of kinds) {
    const test = await createTestRuntime(kind)
    try {
      const { runtime } = test
      const ids = Array.from({ length: sessions }, () => randomUUID())
      for (let offset = 0; offset < sessions; offset += 1000) {
        await runtime.db.transaction().execute(async (trx) => {
          for (const id of ids.slice(offset, offset + 1000))
            await startSession(trx, { id, userId: `bench-${id}`, role: 'user' }, runtime.clock)
        })
      }
      const tokens = await Promise.all(
        ids.slice(0, checks).map((id) => accessTokenFor(runtime, `bench-${id}`, 'user', id)),
      )
      const secret = await jwtSecretKey(runtime.config)
      const signatureOnly = await timePerCall(checks, (index) =>
        verifyAccessToken(tokens[index] ?? '', secret, runtime.clock),
      )
      const roundTrip = await timePerCall(checks, () => sql`select 1`.execute(runtime.db))
      const sessionRead = await timePerCall(checks, (index) => liveSession(runtime.db, ids[index] ?? ''))
      const withSession = await timePerCall(checks, async (index) => {
        if (!(await authenticate(runtime, tokens[index] ?? ''))) throw new Error('a live session was refused')
      })
      figures.push(
        { name: `${kind}: access token, signature only (first time)`, value: signatureOnly, unit: 'µs/request' },
        { name: `${kind}: SELECT 1 round trip (baseline)`, value: roundTrip, unit: 'µs/request' },
        { name: `${kind}: live-session read alone`, value: sessionRead, unit: 'µs/request' },
        {
          name: `${kind}: access token seen before + live-session read`,
          value: withSession,
          unit: 'µs/request',
          note: `+${Math.round(withSession - signatureOnly)} µs, ${sessions.toLocaleString('en-US')} sessions`,
        },
      )
    } finally {
      await test.close()
    }
  }
  return figures
}
