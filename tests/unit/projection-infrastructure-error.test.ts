import { describe, expect, it } from 'vitest'
import { isInfrastructureError } from '#events/projections/infrastructure-error.ts'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('isInfrastructureError: whether a failed apply is the database’s fault or the event’s', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a deadlock', withCode('deadlock detected', '40P01')],
    ['a lost connection', withCode('connection failure', '08006')],
    ['too many connections', withCode('too many connections', '53300')],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
  ])('%s fails the run', (_name, error) => {
    expect(isInfrastructureError(error)).toBe(true)
  })

  it.each([
    ['text the database cannot store', withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['a broken constraint', withCode('duplicate key value violates unique constraint', '23505')],
    ['a projector bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a payload that no longer decodes', new Error('Invalid input: expected number, received string')],
    ['something thrown that is not an error', 'oops'],
  ])('%s halts the projection at the event', (_name, error) => {
    expect(isInfrastructureError(error)).toBe(false)
  })
})
