import { randomUUID } from 'node:crypto'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { userStreamId } from '#events/users/user.ts'
import { endSession, startSession } from '#server/interviews/interview-sessions.ts'
import { actingAs, type SignedInScope } from '#server/request-scope.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'
import { rawInserts } from './command-bench.ts'
import type { Figure } from './event-store-bench.ts'
import { appendEvents } from '#tests/support/append-events.ts'

const seconds = 3

/** A registered person with a paid plan whose user stream holds `signIns` sign-ins. */
async function personWith(test: TestRuntime, signIns: number): Promise<SignedInScope> {
  const userId = randomUUID()
  const scope = actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)
  await test.runtime.store.transaction(async (tx) => {
    const key = await ensureKeyFor(tx.db, userId)
    const sealed = (text: string) => seal(key, userId, text)
    const person = { email: sealed(`${userId}@example.com`), firstName: sealed('Ada'), lastName: sealed('Lovelace') }
    const command = { type: 'Register', userId, ...person, avatarUrl: null, providerUserId: null } as const
    await userCommands.handle(tx, userId, { ...command, provider: 'password', emailConfirmed: true }, scope.metadata())
  })
  const signIn = { type: 'UserSignedIn', data: { method: 'password' } }
  for (let written = 0; written < signIns; written += 500)
    await appendEvents(
      test.runtime.store,
      userStreamId(userId),
      'any',
      Array.from({ length: Math.min(500, signIns - written) }, () => signIn),
      scope.metadata(),
    )
  await grantPlan(test.runtime, userId, 'pro')
  return scope
}

/** Start + end cycles per second, each writer its own person (a cycle gives its interview back). */
async function cycles(people: SignedInScope[]) {
  let done = 0
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    people.map(async (scope) => {
      while (performance.now() < deadline) {
        const session = await startSession(scope, { mode: 'text' })
        await endSession(scope, session.id)
        done += 1
      }
    }),
  )
  return done / ((performance.now() - started) / 1000)
}

/**
 * Session start + end through the service layer on PostgreSQL, for people with 50 and 5,000
 * sign-ins: the owner check every start makes must not grow with the person's user stream.
 */
export async function benchSessions(): Promise<Figure[]> {
  const test = await createTestRuntime('postgres')
  try {
    const figures: Figure[] = []
    const few = await cycles([await personWith(test, 50)])
    const many = await cycles([await personWith(test, 5_000)])
    figures.push(
      { name: 'postgres: session start + end, 1 writer, 50 sign-ins', value: few, unit: 'cycles/s' },
      {
        name: 'postgres: session start + end, 1 writer, 5,000 sign-ins',
        value: many,
        unit: 'cycles/s',
        note: `${Math.round((many / few) * 100)}% of the 50-sign-in rate`,
      },
    )
    const eight = await cycles(await Promise.all(Array.from({ length: 8 }, () => personWith(test, 50))))
    figures.push({ name: 'postgres: session start + end, 8 writers, 50 sign-ins each', value: eight, unit: 'cycles/s' })
    // A cycle appends four events (credit used, session started, ended, credit settled).
    for (const [writers, rate] of [
      [1, few],
      [8, eight],
    ] as const) {
      const raw = await rawInserts(test.database.db, writers)
      figures.push({
        name: `postgres: raw one-row INSERT, ${writers} writer(s)`,
        value: raw,
        unit: 'rows/s',
        note: `session events at ${Math.round(((rate * 4) / raw) * 100)}% of it`,
      })
    }
    return figures
  } finally {
    await test.close()
  }
}

if (import.meta.main) {
  for (const figure of await benchSessions())
    console.log(`${figure.name}: ${Math.round(figure.value)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
}
