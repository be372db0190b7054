/**
 * Two-step sign-in in the embedded account mode (decision 0092): enrolment, the challenge after a
 * right password or Google, codes used once, recovery codes, limits, removal and erasure.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { secondStepMessages } from '#events/users/second-step-decider.ts'
import { authenticate } from '#server/accounts/authenticate.ts'
import { deleteAccount } from '#server/accounts/profile.ts'
import { accountLimits } from '#server/accounts/rate-limiter.ts'
import { registerWithPassword } from '#server/accounts/register.ts'
import { authorizeSandboxGoogle, challengeOf, exchangeSandboxGoogleCode } from '#server/accounts/sandbox-google.ts'
import {
  confirmEnrolment,
  listAuthenticators,
  removeAuthenticator,
  renameAuthenticator,
  startEnrolment,
} from '#server/accounts/second-step/authenticators.ts'
import { codeAt } from '#server/accounts/second-step/one-time-codes.ts'
import { regenerateRecoveryCodes } from '#server/accounts/second-step/regenerate-recovery-codes.ts'
import { loadSecondStep } from '#server/accounts/second-step/second-step-of.ts'
import { challengeAttempts, challengeMessages } from '#server/accounts/second-step/sign-in-challenge.ts'
import { verifySignInChallenge } from '#server/accounts/second-step/verify-challenge.ts'
import { signInWithPassword } from '#server/accounts/sign-in.ts'
import { actingAs, createRequestScope } from '#server/request-scope.ts'
import { removeAuthenticatorsBySupport } from '#server/support/remove-authenticators.ts'
import { revealField } from '#server/support/timeline/reveal-field.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

const password = 'Passw0rd!xyz'
const ownerAddress = '10.0.0.1'

describe('two-step sign-in', () => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    test.runtime.jobs.stop()
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    await (test as TestRuntime | undefined)?.close()
  })

  const request = (clientIp = ownerAddress) => ({ runtime: test.runtime, requestId: randomUUID(), clientIp })
  const now = () => test.runtime.clock.now()
  const nextStep = () => test.clock.advance(30_000)

  async function confirmedPerson() {
    const email = `two-step-${randomUUID().slice(0, 8)}@example.com`
    // Each from an address of its own: sign-ups per address are limited.
    const { user } = await registerWithPassword(createRequestScope(request(randomUUID())), {
      email,
      password,
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    await test.runtime.store.transaction((tx) =>
      userCommands.handle(tx, user.id, { type: 'ConfirmEmail' }, { actor: { type: 'system' }, userId: user.id }),
    )
    return { email, userId: user.id }
  }

  async function enrolled() {
    const person = await confirmedPerson()
    const scope = actingAs(request(), person.userId)
    const enrolment = await startEnrolment(scope, { name: 'Pixel 8' })
    const confirmed = await confirmEnrolment(scope, {
      authenticatorId: enrolment.authenticatorId,
      code: codeAt(enrolment.secret, now()),
    })
    nextStep()
    return { ...person, scope, enrolment, recoveryCodes: confirmed.recoveryCodes ?? [] }
  }

  /** The challenge token of a right password on an account with an authenticator. */
  async function challenge(email: string, clientIp = ownerAddress) {
    try {
      await signInWithPassword(createRequestScope(request(clientIp)), { email, password })
    } catch (error) {
      if (error instanceof DomainError && error.code === 'mfa-required' && error.details?.challengeToken)
        return error.details.challengeToken
      throw error
    }
    throw new Error('signed in without a second step')
  }

  const verify = (challengeToken: string, code: string, clientIp = ownerAddress) =>
    verifySignInChallenge(createRequestScope(request(clientIp)), { challengeToken, code })

  it('enrols with a QR code and a first code, and issues ten recovery codes once', async () => {
    const { scope, enrolment, recoveryCodes } = await enrolled()
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`)
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/)
    expect(recoveryCodes).toHaveLength(10)
    const second = await startEnrolment(scope, { name: 'iPad' })
    await expect(
      confirmEnrolment(scope, { authenticatorId: second.authenticatorId, code: codeAt(second.secret, now()) }),
    ).resolves.toMatchObject({ recoveryCodes: null, recoveryCodesLeft: 10 })
    const listed = await listAuthenticators(scope)
    expect(listed.authenticators.map((each) => each.name)).toEqual(['Pixel 8', 'iPad'])
    expect(JSON.stringify(listed)).not.toContain(enrolment.secret)
  })

  it('refuses a wrong first code and leaves the authenticator unconfirmed', async () => {
    const person = await confirmedPerson()
    const scope = actingAs(request(), person.userId)
    const enrolment = await startEnrolment(scope, { name: 'Phone' })
    await expect(
      confirmEnrolment(scope, { authenticatorId: enrolment.authenticatorId, code: '000000' }),
    ).rejects.toMatchObject({ code: 'invalid-code' })
    expect((await listAuthenticators(scope)).authenticators).toEqual([])
    // Unconfirmed, it asks nothing at sign-in.
    await expect(
      signInWithPassword(createRequestScope(request()), { email: person.email, password }),
    ).resolves.toMatchObject({
      user: { id: person.userId },
    })
  })

  it('asks for a code after the right password and signs in with a current one, once', async () => {
    const { email, userId, enrolment } = await enrolled()
    const token = await challenge(email)
    await expect(verify(token, '000000')).rejects.toMatchObject({
      code: 'invalid-code',
      message: secondStepMessages.wrongCode,
    })
    const code = codeAt(enrolment.secret, now())
    const session = await verify(token, code)
    expect(session.user.id).toBe(userId)
    // The challenge is spent, and the same code does not open a second one.
    await expect(verify(token, code)).rejects.toMatchObject({ code: 'mfa-challenge-invalid' })
    await expect(verify(await challenge(email), code)).rejects.toMatchObject({
      code: 'invalid-code',
      message: secondStepMessages.usedCode,
    })
  })

  it('accepts a code from one step before or after the server clock', async () => {
    const { email, enrolment } = await enrolled()
    nextStep()
    const earlier = codeAt(enrolment.secret, new Date(now().getTime() - 30_000))
    await expect(verify(await challenge(email), earlier)).resolves.toHaveProperty('tokens.accessToken')
    const later = codeAt(enrolment.secret, new Date(now().getTime() + 30_000))
    await expect(verify(await challenge(email), later)).resolves.toHaveProperty('tokens.accessToken')
    const tooLate = codeAt(enrolment.secret, new Date(now().getTime() + 90_000))
    await expect(verify(await challenge(email), tooLate)).rejects.toMatchObject({ code: 'invalid-code' })
  })

  it('accepts each recovery code once, typed any way', async () => {
    const { email, recoveryCodes, scope } = await enrolled()
    const [first = ''] = recoveryCodes
    await expect(verify(await challenge(email), first.toUpperCase())).resolves.toHaveProperty('tokens.accessToken')
    await expect(verify(await challenge(email), first)).rejects.toMatchObject({ code: 'invalid-code' })
    expect((await listAuthenticators(scope)).recoveryCodesLeft).toBe(9)
  })

  it('issues a new set of recovery codes for a current code; the old set stops working', async () => {
    const { email, scope, enrolment, recoveryCodes } = await enrolled()
    await expect(regenerateRecoveryCodes(scope, { code: '000000' })).rejects.toMatchObject({ code: 'invalid-code' })
    await expect(regenerateRecoveryCodes(scope, { code: recoveryCodes[1] ?? '' })).rejects.toMatchObject({
      code: 'invalid-code',
    })
    await verify(await challenge(email), recoveryCodes[0] ?? '')
    const code = codeAt(enrolment.secret, now())
    const renewed = await regenerateRecoveryCodes(scope, { code })
    expect(renewed.recoveryCodes).toHaveLength(10)
    expect(renewed.recoveryCodes).not.toContain(recoveryCodes[1])
    expect(renewed.recoveryCodesLeft).toBe(10)
    // The code that renewed the set is spent, as at sign-in.
    await expect(regenerateRecoveryCodes(scope, { code })).rejects.toMatchObject({
      code: 'invalid-code',
      message: secondStepMessages.usedCode,
    })
    await expect(verify(await challenge(email), recoveryCodes[1] ?? '')).rejects.toMatchObject({ code: 'invalid-code' })
    await expect(verify(await challenge(email), renewed.recoveryCodes[0] ?? '')).resolves.toMatchObject({
      user: { email },
    })
    const history = await test.runtime.store.readByUser(scope.userId)
    expect(history.filter((event) => event.type === 'RecoveryCodesIssued')).toHaveLength(2)
  })

  it('refuses new recovery codes while two-step sign-in is off', async () => {
    const person = await confirmedPerson()
    const scope = actingAs(request(), person.userId)
    const enrolment = await startEnrolment(scope, { name: 'Phone' })
    await expect(regenerateRecoveryCodes(scope, { code: codeAt(enrolment.secret, now()) })).rejects.toMatchObject({
      code: 'bad-request',
      message: secondStepMessages.noSecondStep,
    })
  })

  it('ends a challenge after five wrong codes: the password is needed again', async () => {
    const { email, enrolment } = await enrolled()
    const token = await challenge(email)
    for (let attempt = 0; attempt < challengeAttempts; attempt += 1)
      await expect(verify(token, '000000')).rejects.toMatchObject({ code: 'invalid-code' })
    await expect(verify(token, codeAt(enrolment.secret, now()))).rejects.toMatchObject({
      code: 'mfa-challenge-invalid',
      message: challengeMessages.invalid,
    })
  })

  it("limits a stranger's codes without locking the owner out on a known address", async () => {
    const { email, enrolment } = await enrolled()
    // The owner signed in from their address lately.
    await verify(await challenge(email), codeAt(enrolment.secret, now()))
    nextStep()
    const stranger = '203.0.113.9'
    const limit = accountLimits.secondStepPerAddressAndAccount.limit
    for (let wrong = 0; wrong < limit; wrong += 1) {
      const token = await challenge(email, stranger)
      await expect(verify(token, '000000', stranger)).rejects.toMatchObject({ code: 'invalid-code' })
    }
    const token = await challenge(email, stranger)
    await expect(verify(token, codeAt(enrolment.secret, now()), stranger)).rejects.toMatchObject({
      code: 'rate-limited',
    })
    await expect(verify(await challenge(email), codeAt(enrolment.secret, now()))).resolves.toHaveProperty(
      'tokens.accessToken',
    )
  })

  it('keeps the second step for Google sign-in', async () => {
    const email = `google-${randomUUID().slice(0, 8)}@example.com`
    const google = async () => {
      const verifier = randomBytes(32).toString('base64url')
      const { code } = await authorizeSandboxGoogle(
        createRequestScope(request()),
        { email, fullName: 'Meera Iyer', challenge: challengeOf(verifier) },
        { fromLoopback: true },
      )
      return exchangeSandboxGoogleCode(createRequestScope(request()), { code, verifier }, { fromLoopback: true })
    }
    const { user } = await google()
    const scope = actingAs(request(), user.id)
    const enrolment = await startEnrolment(scope, { name: 'Phone' })
    await confirmEnrolment(scope, { authenticatorId: enrolment.authenticatorId, code: codeAt(enrolment.secret, now()) })
    nextStep()
    const refusal = await google().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refusal).toMatchObject({ code: 'mfa-required' })
    const token = refusal instanceof DomainError ? (refusal.details?.challengeToken ?? '') : ''
    await expect(verify(token, codeAt(enrolment.secret, now()))).resolves.toMatchObject({
      user: { id: user.id, providers: ['google'] },
    })
  })

  it('renames, and removes the last authenticator only with the password and a code, ending other sessions', async () => {
    const { email, userId, enrolment, scope } = await enrolled()
    const other = await verify(await challenge(email), codeAt(enrolment.secret, now()))
    nextStep()
    const current = await verify(await challenge(email), codeAt(enrolment.secret, now()))
    nextStep()
    const currentSession = await authenticate(test.runtime, current.tokens.accessToken)
    await expect(
      renameAuthenticator(scope, { authenticatorId: enrolment.authenticatorId, name: 'Work phone' }),
    ).resolves.toMatchObject({ authenticators: [{ name: 'Work phone' }] })
    const remove = (input: { password?: string; code?: string }) =>
      removeAuthenticator(scope, {
        sessionId: currentSession?.sessionId,
        authenticatorId: enrolment.authenticatorId,
        ...input,
      })
    await expect(remove({})).rejects.toMatchObject({
      code: 'wrong-password',
      message: secondStepMessages.lastNeedsProof,
    })
    await expect(remove({ password: 'Wrong-pass1', code: codeAt(enrolment.secret, now()) })).rejects.toMatchObject({
      code: 'wrong-password',
    })
    await expect(remove({ password, code: '000000' })).rejects.toMatchObject({ code: 'invalid-code' })
    await expect(remove({ password, code: codeAt(enrolment.secret, now()) })).resolves.toEqual({
      authenticators: [],
      recoveryCodesLeft: 0,
    })
    expect(await authenticate(test.runtime, other.tokens.accessToken)).toBeNull()
    expect(await authenticate(test.runtime, current.tokens.accessToken)).toMatchObject({ id: userId })
    await expect(signInWithPassword(createRequestScope(request()), { email, password })).resolves.toMatchObject({
      user: { id: userId },
    })
  })

  it('keeps the second step through a password reset', async () => {
    const { email, userId } = await enrolled()
    await test.runtime.store.transaction((tx) =>
      userCommands.handle(tx, userId, { type: 'ChangePassword', via: 'reset' }, { actor: { type: 'system' }, userId }),
    )
    await expect(challenge(email)).resolves.toEqual(expect.any(String))
  })

  it('records failures and uses in the history without secrets or codes, and shreds the secrets on erasure', async () => {
    const { email, userId, enrolment, recoveryCodes, scope } = await enrolled()
    await expect(verify(await challenge(email), '000000')).rejects.toMatchObject({ code: 'invalid-code' })
    await verify(await challenge(email), recoveryCodes[1] ?? '')
    const events = await test.runtime.store.readByUser(userId)
    const types = events.map((event) => event.type)
    expect(types).toEqual(
      expect.arrayContaining([
        'AuthenticatorAdded',
        'AuthenticatorConfirmed',
        'RecoveryCodesIssued',
        'SecondStepFailed',
        'RecoveryCodeUsed',
      ]),
    )
    const written = JSON.stringify(events)
    expect(written).not.toContain(enrolment.secret)
    for (const code of recoveryCodes) expect(written).not.toContain(code)
    await expect(challenge(email)).resolves.toEqual(expect.any(String))

    await deleteAccount(scope)
    const after = await loadSecondStep(test.runtime.store, userId, test.runtime.db)
    expect(after.authenticators.every((each) => each.secret === undefined)).toBe(true)
    expect(after.recoveryHashes).toEqual([])
    const challenges = await test.runtime.db
      .selectFrom('sign_in_challenges')
      .where('user_id', '=', userId)
      .selectAll()
      .execute()
    expect(challenges).toEqual([])
  })

  it('lets support turn two-step sign-in off with a reason, ending every session, and never reveal a secret', async () => {
    const { email, userId, enrolment } = await enrolled()
    const session = await verify(await challenge(email), codeAt(enrolment.secret, now()))
    const staff = { staffId: randomUUID(), via: 'web' as const, requestId: randomUUID() }
    const added = (await test.runtime.store.readByUser(userId)).find((event) => event.type === 'AuthenticatorAdded')
    await expect(
      revealField(test.runtime, staff, { userId, eventId: added?.eventId ?? '', field: 'secret', reason: 'curious' }),
    ).rejects.toMatchObject({ code: 'bad-request' })
    await expect(
      removeAuthenticatorsBySupport(test.runtime, staff, { userId, reason: 'Lost phone; ID checked on a call' }),
    ).resolves.toEqual({ removed: true })
    const removal = (await test.runtime.store.readByUser(userId)).find(
      (event) => event.type === 'AuthenticatorsRemovedBySupport',
    )
    expect(removal).toMatchObject({
      data: { reason: 'Lost phone; ID checked on a call' },
      metadata: { actor: { type: 'support', id: staff.staffId } },
    })
    expect(await authenticate(test.runtime, session.tokens.accessToken)).toBeNull()
    await expect(signInWithPassword(createRequestScope(request()), { email, password })).resolves.toMatchObject({
      user: { id: userId },
    })
    await expect(
      removeAuthenticatorsBySupport(test.runtime, staff, { userId, reason: 'Lost phone; ID checked on a call' }),
    ).rejects.toMatchObject({ code: 'bad-request' })
  })
})
