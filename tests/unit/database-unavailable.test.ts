import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts'
import { freePort } from '#tests/support/server.ts'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('an unreachable database, told apart from a failing query', () => {
  it('recognises a refused connection as node-postgres reports it', async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` })
    const refused: unknown = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(isDatabaseUnavailable(refused)).toBe(true)
  })

  it.each([
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['a connection that broke earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['a server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection failure', withCode('connection failure', '08006')],
    ['a closed PGlite', new Error('PGlite is closed')],
    [
      'any of these as the cause of another error',
      new Error('request failed', { cause: withCode('reset', 'ECONNRESET') }),
    ],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a plain fault', new Error('Cannot read properties of undefined')],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})
