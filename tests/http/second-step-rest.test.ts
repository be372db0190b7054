/**
 * Two-step sign-in over REST, as the desktop app does it: the password answers 401 `mfa_required`
 * with a challenge token, and one more call with a code gives the session (decision 0092).
 */
import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, inject, it } from 'vitest'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { restCustomerPassword as password } from '#tests/support/rest-customer.ts'

const baseUrl = inject('baseUrl')
const ip = testClientIp()
const api = restClient(baseUrl, { ip })

type Session = { user: { id: string }; tokens: { accessToken: string; refreshToken: string } }

/** The authenticator app: the code of the time step `offset` steps from now. */
const appFor = (secret: string) => (offset: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  })

async function signedUp() {
  const email = `two-step-${randomUUID().slice(0, 8)}@example.com`
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Mei', lastName: 'Lin' } }))
  dataOf(
    await api('POST', '/auth/confirm-email', { body: { token: await mailedToken(httpMailbox(baseUrl, ip), email) } }),
  )
  return { email, session: dataOf<Session>(await api('POST', '/auth/login', { body: { email, password } })) }
}

describe('two-step sign-in over REST', () => {
  it('enrols, then signs in with a code and with a recovery code, each once', async () => {
    const { email, session } = await signedUp()
    const token = session.tokens.accessToken
    const enrolment = dataOf<{ authenticatorId: string; secret: string; qrCode: string; otpauthUrl: string }>(
      await api('POST', '/account/authenticators', { token, body: { name: 'Desktop' } }),
    )
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/)
    const code = appFor(enrolment.secret)
    const wrongFirst = await api('POST', '/account/authenticators/confirm', {
      token,
      body: { authenticatorId: enrolment.authenticatorId, code: '000000' },
    })
    expect({ status: wrongFirst.status, code: !wrongFirst.body.success && wrongFirst.body.code }).toEqual({
      status: 400,
      code: 'invalid_code',
    })
    const confirmed = dataOf<{ recoveryCodes: string[]; authenticators: { name: string }[] }>(
      await api('POST', '/account/authenticators/confirm', {
        token,
        body: { authenticatorId: enrolment.authenticatorId, code: code(0) },
      }),
    )
    expect(confirmed.recoveryCodes).toHaveLength(10)
    expect(dataOf(await api('GET', '/account/authenticators', { token }))).toMatchObject({
      authenticators: [{ name: 'Desktop' }],
      recoveryCodesLeft: 10,
    })

    const challenged = await api('POST', '/auth/login', { body: { email, password } })
    expect(challenged.status).toBe(401)
    if (challenged.body.success) throw new Error('signed in without a second step')
    expect(challenged.body.code).toBe('mfa_required')
    const challengeToken = challenged.body.details?.challengeToken ?? ''
    expect(challenged.body.details?.expiresAt).toEqual(expect.any(String))

    const wrong = await api('POST', '/auth/mfa/verify', { body: { challengeToken, code: '000000' } })
    expect(wrong.status).toBe(400)
    const next = code(1)
    const signedIn = dataOf<Session>(await api('POST', '/auth/mfa/verify', { body: { challengeToken, code: next } }))
    expect(signedIn.user.id).toBe(session.user.id)
    const spent = await api('POST', '/auth/mfa/verify', { body: { challengeToken, code: next } })
    expect({ status: spent.status, code: !spent.body.success && spent.body.code }).toEqual({
      status: 401,
      code: 'mfa_challenge_invalid',
    })

    const again = await api('POST', '/auth/login', { body: { email, password } })
    const secondToken = (!again.body.success ? again.body.details?.challengeToken : undefined) ?? ''
    const replayed = await api('POST', '/auth/mfa/verify', { body: { challengeToken: secondToken, code: next } })
    expect(!replayed.body.success && replayed.body.code).toBe('invalid_code')
    const byRecovery = await api('POST', '/auth/mfa/verify', {
      body: { challengeToken: secondToken, code: confirmed.recoveryCodes[0] },
    })
    expect(byRecovery.status).toBe(200)
  })

  it('removes the last authenticator only with the password and a code, and ends the other sessions', async () => {
    const { email, session: other } = await signedUp()
    const current = dataOf<Session>(await api('POST', '/auth/login', { body: { email, password } }))
    const token = current.tokens.accessToken
    const enrolment = dataOf<{ authenticatorId: string; secret: string }>(
      await api('POST', '/account/authenticators', { token, body: { name: 'Phone' } }),
    )
    const code = appFor(enrolment.secret)
    const { authenticatorId } = enrolment
    dataOf(await api('POST', '/account/authenticators/confirm', { token, body: { authenticatorId, code: code(0) } }))
    const withoutProof = await api('POST', '/account/authenticators/remove', { token, body: { authenticatorId } })
    expect({ status: withoutProof.status, code: !withoutProof.body.success && withoutProof.body.code }).toEqual({
      status: 400,
      code: 'wrong_password',
    })
    expect(
      dataOf(
        await api('POST', '/account/authenticators/remove', {
          token,
          body: { authenticatorId, password, code: code(0) },
        }),
      ),
    ).toEqual({ authenticators: [], recoveryCodesLeft: 0 })
    expect((await api('GET', '/auth/validate', { token: other.tokens.accessToken })).status).toBe(401)
    expect((await api('GET', '/auth/validate', { token })).status).toBe(200)
    expect((await api('POST', '/auth/login', { body: { email, password } })).status).toBe(200)
  })

  it('refuses a made-up challenge, and the account operations without a token', async () => {
    const made = await api('POST', '/auth/mfa/verify', { body: { challengeToken: 'x'.repeat(43), code: '123456' } })
    expect({ status: made.status, code: !made.body.success && made.body.code }).toEqual({
      status: 401,
      code: 'mfa_challenge_invalid',
    })
    expect((await api('POST', '/auth/mfa/verify', { body: {} })).status).toBe(400)
    expect((await api('GET', '/account/authenticators')).status).toBe(401)
    expect((await api('POST', '/account/authenticators', { body: { name: 'x' } })).status).toBe(401)
  })

  it('issues a new set of recovery codes for a current code; the old set stops working', async () => {
    const { email, session } = await signedUp()
    const token = session.tokens.accessToken
    const off = await api('POST', '/account/authenticators/recovery-codes', { token, body: { code: '123456' } })
    expect({ status: off.status, code: !off.body.success && off.body.code }).toEqual({
      status: 400,
      code: 'invalid_request',
    })
    const enrolment = dataOf<{ authenticatorId: string; secret: string }>(
      await api('POST', '/account/authenticators', { token, body: { name: 'Desktop' } }),
    )
    const code = appFor(enrolment.secret)
    const first = dataOf<{ recoveryCodes: string[] }>(
      await api('POST', '/account/authenticators/confirm', {
        token,
        body: { authenticatorId: enrolment.authenticatorId, code: code(0) },
      }),
    )
    const recoveryCode = await api('POST', '/account/authenticators/recovery-codes', {
      token,
      body: { code: first.recoveryCodes[0] },
    })
    expect({ status: recoveryCode.status, code: !recoveryCode.body.success && recoveryCode.body.code }).toEqual({
      status: 400,
      code: 'invalid_request',
    })
    const renewed = dataOf<{ recoveryCodes: string[]; recoveryCodesLeft: number }>(
      await api('POST', '/account/authenticators/recovery-codes', { token, body: { code: code(1) } }),
    )
    expect(renewed.recoveryCodes).toHaveLength(10)
    expect(renewed.recoveryCodesLeft).toBe(10)

    const challenge = async () => {
      const answer = await api('POST', '/auth/login', { body: { email, password } })
      return answer.body.success ? '' : (answer.body.details?.challengeToken ?? '')
    }
    const old = await api('POST', '/auth/mfa/verify', {
      body: { challengeToken: await challenge(), code: first.recoveryCodes[1] },
    })
    expect({ status: old.status, code: !old.body.success && old.body.code }).toEqual({
      status: 400,
      code: 'invalid_code',
    })
    const signedIn = dataOf<Session>(
      await api('POST', '/auth/mfa/verify', {
        body: { challengeToken: await challenge(), code: renewed.recoveryCodes[0] },
      }),
    )
    expect(signedIn.user.id).toBe(session.user.id)
  })
})
