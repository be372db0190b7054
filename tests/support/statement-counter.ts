import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'

/**
 * A Kysely on its own pool that counts every statement sent to PostgreSQL (begin and commit
 * included), to hold a path to the number of round trips it may make.
 */
export function countingDatabase<Tables>(url: string, max = 10) {
  let statements = 0
  const pool = new pg.Pool({ connectionString: url, max })
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    Object.assign(client, {
      query: (...args: unknown[]) => {
        statements += 1
        return query(...args)
      },
    })
  })
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    statements: () => statements,
    /** The statements `work` sent, and what it answered. */
    counted: async <T>(work: () => Promise<T>) => {
      statements = 0
      const result = await work()
      return { result, statements }
    },
    reset: () => {
      statements = 0
    },
    close: () => db.destroy(),
  }
}
