/**
 * One tRPC request cannot hold the server: a batch names at most 10 calls, every call of a batch
 * counts against the caller's limits, and one caller's expensive calls (password hashing, AI
 * work) wait in a short line of their own instead of all running at once.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')

const trpcError = z.object({
  error: z.object({ message: z.string(), data: z.object({ httpStatus: z.number(), errorCode: z.string() }) }),
})
const batchAnswer = z.array(z.union([z.object({ result: z.object({ data: z.unknown() }) }), trpcError]))

/**
 * `/api/trpc/<path>,<path>,…?batch=1` with one input per call, as tRPC's batch link sends it:
 * mutations in a POST body, queries in the `input` parameter of a GET.
 */
async function batch(procedure: string, inputs: unknown[], ip: string, method: 'GET' | 'POST' = 'POST') {
  const paths = inputs.map(() => procedure).join(',')
  const byIndex = JSON.stringify(Object.fromEntries(inputs.map((input, index) => [String(index), input])))
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip }
  const response =
    method === 'GET'
      ? await fetch(`${baseUrl}/api/trpc/${paths}?batch=1&input=${encodeURIComponent(byIndex)}`, { headers })
      : await fetch(`${baseUrl}/api/trpc/${paths}?batch=1`, { method, headers, body: byIndex })
  return { status: response.status, body: batchAnswer.parse(await response.json()) }
}

const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@example.com`

const wrongSignIn = (email: string) => ({ email, password: 'Wrong-passw0rd' })
const errorCodes = (answers: z.infer<typeof batchAnswer>) =>
  answers.map((answer) => ('error' in answer ? answer.error.data.errorCode : 'ok'))

describe('tRPC batches', () => {
  it('take up to 10 calls', async () => {
    const answer = await batch('payments.plans', Array<undefined>(10).fill(undefined), testClientIp(), 'GET')
    expect(answer.status).toBe(200)
    expect(errorCodes(answer.body)).toEqual(Array<string>(10).fill('ok'))
  })

  it('of more than 10 calls are refused with 413 and run none of them', async () => {
    const ip = testClientIp()
    const emails = Array.from({ length: 11 }, () => `batch-${randomUUID().slice(0, 8)}@example.com`)
    const inputs = emails.map((email) => ({ email, password: 'Passw0rdX', firstName: 'Asha', lastName: 'Rao' }))
    const answer = await batch('accounts.register', inputs, ip)
    expect(answer.status).toBe(413)
    const first = trpcError.parse(answer.body[0])
    expect(first.error.data.errorCode).toBe('payload_too_large')
    expect(first.error.message).toBe('One request may carry at most 10 calls; send the others in another request.')
    // None was registered: each address can still sign up.
    const again = await batch('accounts.register', inputs.slice(0, 1), ip)
    expect(errorCodes(again.body)).toEqual(['ok'])
  })

  it('count every call against the caller’s limits', async () => {
    // 50 sign-ins per address in 15 minutes: five full batches use them up.
    const ip = testClientIp()
    for (let round = 0; round < 5; round += 1) {
      const answer = await batch(
        'accounts.login',
        Array.from({ length: 10 }, () => wrongSignIn(unknownEmail())),
        ip,
      )
      expect(errorCodes(answer.body)).toEqual(Array<string>(10).fill('invalid_credentials'))
    }
    const over = await batch('accounts.login', [wrongSignIn(unknownEmail())], ip)
    expect(errorCodes(over.body)).toEqual(['rate_limited'])
  })

  it('run one caller’s expensive calls a few at a time, and refuse more than a batch waiting', async () => {
    const ip = testClientIp()
    // Four batches of ten sign-ins sent at once: 40 password checks for one caller, under its 50 a window.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        batch(
          'accounts.login',
          Array.from({ length: 10 }, () => wrongSignIn(unknownEmail())),
          ip,
        ),
      ),
    )
    const codes = answers.flatMap((answer) => errorCodes(answer.body))
    expect(codes).toHaveLength(40)
    expect(codes.filter((code) => code !== 'invalid_credentials' && code !== 'rate_limited')).toEqual([])
    // At most 2 running and 10 waiting: what arrives while a full batch still waits is turned away unrun.
    expect(codes.filter((code) => code === 'rate_limited').length).toBeGreaterThanOrEqual(10)
    // Another caller meanwhile is served as usual.
    const other = await batch('accounts.login', [wrongSignIn(unknownEmail())], testClientIp())
    expect(errorCodes(other.body)).toEqual(['invalid_credentials'])
  })
})
