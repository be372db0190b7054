/**
 * A stranger who knows an address cannot lock its owner out (docs/decisions/0025): wrong
 * passwords count per client address and account together, and the account's own ceiling does
 * not apply to an address the owner signed in from lately. The shared server trusts X-Forwarded-For.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')
const password = 'Passw0rdX'
const ownerAddress = testClientIp()
const owner = restClient(baseUrl, { ip: ownerAddress })

async function confirmedAccount(): Promise<string> {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`
  dataOf(await owner('POST', '/auth/register', { body: { email, password, firstName: 'Meera', lastName: 'Iyer' } }))
  const token = await mailedToken(httpMailbox(baseUrl, ownerAddress), email)
  dataOf(await owner('POST', '/auth/confirm-email', { body: { token } }))
  return email
}

const signIn = (email: string, secret: string, ip: string) =>
  fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: secret }),
  })

async function statuses(answers: Promise<Response>[]): Promise<number[]> {
  return (await Promise.all(answers)).map((answer) => answer.status)
}

describe('failed sign-ins', () => {
  let email = ''
  beforeAll(async () => {
    email = await confirmedAccount()
  })

  it("limit a stranger's 50 wrong passwords from one address, not the owner", async () => {
    const stranger = testClientIp()
    const answers: number[] = []
    for (let attempt = 0; attempt < 50; attempt += 1)
      answers.push((await signIn(email, 'Wrong-guess-1', stranger)).status)
    expect(answers.slice(0, 10)).toEqual(Array<number>(10).fill(401))
    expect(answers.slice(10)).toEqual(Array<number>(40).fill(429))
    // Even the right password from the stranger's address waits out the window.
    expect((await signIn(email, password, stranger)).status).toBe(429)
    expect((await signIn(email, password, ownerAddress)).status).toBe(200)
  })

  it("do not stop the owner after a stranger's 50 wrong passwords from 50 addresses", async () => {
    const strangers = Array.from({ length: 50 }, () => testClientIp())
    const answers = await statuses(strangers.map((ip) => signIn(email, 'Wrong-guess-2', ip)))
    expect(answers.every((status) => status === 401)).toBe(true)
    expect((await signIn(email, password, ownerAddress)).status).toBe(200)
  })

  it('past the account ceiling, refuse new addresses but not the one the owner signed in from', async () => {
    // The owner signed in from ownerAddress above; 100 more guesses from many addresses pass the ceiling.
    const strangers = Array.from({ length: 110 }, () => testClientIp())
    for (let start = 0; start < strangers.length; start += 10)
      await statuses(strangers.slice(start, start + 10).map((ip) => signIn(email, 'Wrong-guess-3', ip)))
    const newcomer = await signIn(email, password, testClientIp())
    expect(newcomer.status).toBe(429)
    expect(await newcomer.json()).toMatchObject({ code: 'rate_limited' })
    expect(newcomer.headers.get('ratelimit-policy')).toBe('"sign-in:email";q=100;w=900')
    expect((await signIn(email, password, ownerAddress)).status).toBe(200)
  })
})
