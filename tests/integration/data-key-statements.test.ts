/**
 * `ensureKeyFor` runs inside every unit of work that seals personal data (a question, a session
 * with context, an idempotent request): for a person who has a key it is one statement.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { beforeAll, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { ensureKeyFor, eraseKeyFor } from '#events/pii/pii-vault.ts'
import type { PiiTables } from '#events/pii/tables.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { countingDatabase } from '#tests/support/statement-counter.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

let database: TestDatabase
let counting: ReturnType<typeof countingDatabase<PiiTables>>
let db: Kysely<PiiTables>
const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  if (!database.url) throw new Error('a PostgreSQL test database has a URL')
  counting = countingDatabase<PiiTables>(database.url, 2)
  teardown.add(() => counting.close())
  db = counting.db
})

const counted = <T>(work: () => Promise<T>) => counting.counted(work)

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
