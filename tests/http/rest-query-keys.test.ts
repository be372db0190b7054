/**
 * A query string is data, whatever its keys are called: keys named like the built-in properties
 * of every object (`__proto__`, `constructor`, …) reach no REST operation as anything but text.
 */
import { describe, expect, inject, it } from 'vitest'
import { restClient } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')
const call = restClient(baseUrl)

const prototypeNames = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']

describe('query keys named like object properties', () => {
  it.each(prototypeNames)('%s is ignored by a GET operation like any unknown key', async (key) => {
    const once = await call('GET', `/auth/plans?${key}=1`)
    expect(once.status).toBe(200)
    const twice = await call('GET', `/auth/plans?${key}=1&${key}=2`)
    expect(twice.status).toBe(200)
  })

  it('leave the operation’s own parameters as they were', async () => {
    const answer = await call('GET', '/app/releases/latest?platform=windows&current=1.0.0&constructor=x&__proto__=y')
    const plain = await call('GET', '/app/releases/latest?platform=windows&current=1.0.0')
    expect(plain.status).toBe(200)
    expect(answer).toEqual(plain)
  })

  it('before authentication: a protected operation still answers 401, not a fault', async () => {
    const answer = await call('GET', '/interview/history?toString=1')
    expect(answer.status).toBe(401)
  })
})
