/**
 * `ensureKeyFor` runs inside every unit of work that seals personal data (a question, a session
 * with context, an idempotent request): for a person who has a key it is one statement.
 */
import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { beforeAll, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { ensureKeyFor, eraseKeyFor } from '#events/pii/pii-vault.ts'
import type { PiiTables } from '#events/pii/tables.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

let database: TestDatabase
let db: Kysely<PiiTables>
let statements = 0
const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  const pool = new pg.Pool({ connectionString: database.url, max: 2 })
  teardown.add(() => pool.end())
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    Object.assign(client, {
      query: (...args: unknown[]) => {
        statements += 1
        return query(...args)
      },
    })
  })
  db = new Kysely<PiiTables>({ dialect: new PostgresDialect({ pool }) })
})

const counted = async <T>(work: () => Promise<T>) => {
  statements = 0
  const result = await work()
  return { result, statements }
}

it('creates a key once, then answers it in one statement; an erased key stays refused', async () => {
  const userId = randomUUID()
  const first = await counted(() => db.transaction().execute((trx) => ensureKeyFor(trx, userId)))
  const again = await counted(() => db.transaction().execute((trx) => ensureKeyFor(trx, userId)))
  expect(again.result.equals(first.result)).toBe(true)
  // begin, the key, commit
  expect(again.statements).toBe(3)

  await db.transaction().execute((trx) => eraseKeyFor(trx, userId))
  await expect(db.transaction().execute((trx) => ensureKeyFor(trx, userId))).rejects.toBeInstanceOf(DomainError)
})
