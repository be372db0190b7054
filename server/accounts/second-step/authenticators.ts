import { randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import { keyFor, seal } from '#events/pii/pii-vault.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { userMessages, userCommands } from '#events/users/user-decider.ts'
import { secondStepMessages } from '#events/users/second-step-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { changePasswordMessages } from '../change-password.ts'
import { currentPasswordMatches } from '../current-password.ts'
import { accountLimits, assertUnderRateLimit, takeRateLimit } from '../rate-limiter.ts'
import { revokeAllRefreshTokens } from '../tokens/refresh-tokens.ts'
import { loadProfile } from '../user-account.ts'
import { matchingProof } from './matching-proof.ts'
import { enrolmentPicture, newTotpSecret, stepOfCode } from './one-time-codes.ts'
import { newRecoveryCodes, recoveryCodeCount } from './recovery-codes.ts'
import { loadSecondStep, type LoadedSecondStep } from './second-step-of.ts'

export async function personalKey(scope: SignedInScope) {
  const key = await keyFor(scope.runtime.db, scope.userId)
  if (!key) throw new DomainError('erased', userMessages.erased)
  return key
}

/** The person's confirmed authenticators (never their secrets) and how many recovery codes are left. */
export async function listAuthenticators(scope: SignedInScope) {
  return summaryOf(await loadSecondStep(scope.runtime.store, scope.userId, scope.runtime.db))
}

function summaryOf(loaded: LoadedSecondStep) {
  return {
    authenticators: loaded.authenticators
      .filter((each) => each.confirmed)
      .map(({ id, name, addedAt, lastUsedAt }) => ({
        id,
        name,
        addedAt: addedAt.toISOString(),
        lastUsedAt: lastUsedAt?.toISOString() ?? null,
      })),
    recoveryCodesLeft: loaded.state.recoveryCodes - loaded.state.usedRecoveryCodes.length,
  }
}

/**
 * Starts adding an authenticator app: a new secret, shown this once as text and as a QR code. It
 * counts for nothing until a first code from the app confirms it.
 */
export async function startEnrolment(scope: SignedInScope, input: { name: string }) {
  const { runtime, userId } = scope
  const key = await personalKey(scope)
  const profile = await loadProfile(runtime.store, userId, runtime.db)
  if (!profile) throw new DomainError('not-found', userMessages.notFound)
  const secret = newTotpSecret()
  const authenticatorId = randomUUID()
  await commandUnit(runtime.store, (tx) =>
    userCommands.handle(
      tx,
      userId,
      {
        type: 'AddAuthenticator',
        authenticatorId,
        name: seal(key, userId, input.name),
        secret: seal(key, userId, secret),
      },
      scope.metadata(),
    ),
  )
  return { authenticatorId, secret, ...(await enrolmentPicture(secret, profile.email)) }
}

/** Wrong codes of a signed-in person count against the account, like wrong current passwords. */
export async function codeRefused(scope: SignedInScope): Promise<never> {
  await takeRateLimit(scope.runtime, accountLimits.currentCodePerAccount, scope.userId)
  throw new DomainError('invalid-code', secondStepMessages.wrongCode)
}

/**
 * Confirms a new authenticator with its first code. With the first one, ten recovery codes are
 * issued: answered this once, kept only as hashes.
 */
export async function confirmEnrolment(scope: SignedInScope, input: { authenticatorId: string; code: string }) {
  const { runtime, userId } = scope
  await assertUnderRateLimit(runtime, accountLimits.currentCodePerAccount, userId)
  const key = await personalKey(scope)
  const loaded = await loadSecondStep(runtime.store, userId, runtime.db)
  const pending = loaded.authenticators.find((each) => each.id === input.authenticatorId)
  if (!pending?.secret) throw new DomainError('not-found', secondStepMessages.notFound)
  const step = stepOfCode(pending.secret, input.code.replace(/\s/g, ''), runtime.clock.now())
  if (step === undefined) return codeRefused(scope)
  const recovery = newRecoveryCodes()
  const { decided } = await commandUnit(runtime.store, (tx) =>
    userCommands.handle(
      tx,
      userId,
      {
        type: 'ConfirmAuthenticator',
        authenticatorId: input.authenticatorId,
        step,
        recoveryCodes: { codes: seal(key, userId, JSON.stringify(recovery.hashes)), count: recoveryCodeCount },
      },
      scope.metadata(),
    ),
  )
  const issued = decided.some((event) => event.type === 'RecoveryCodesIssued')
  return { ...(await listAuthenticators(scope)), recoveryCodes: issued ? recovery.codes : null }
}

export async function renameAuthenticator(scope: SignedInScope, input: { authenticatorId: string; name: string }) {
  const { runtime, userId } = scope
  const key = await personalKey(scope)
  await commandUnit(runtime.store, (tx) =>
    userCommands.handle(
      tx,
      userId,
      { type: 'RenameAuthenticator', authenticatorId: input.authenticatorId, name: seal(key, userId, input.name) },
      scope.metadata(),
    ),
  )
  return listAuthenticators(scope)
}

/**
 * Removes an authenticator and ends every other session, as a password change does. The last one
 * turns the second step off, so it also needs the password (when the account has one) and a current code.
 */
export async function removeAuthenticator(
  scope: SignedInScope,
  input: {
    sessionId: string | undefined
    authenticatorId: string
    password?: string | undefined
    code?: string | undefined
  },
) {
  const { runtime, userId } = scope
  const loaded = await loadSecondStep(runtime.store, userId, runtime.db)
  const confirmed = loaded.authenticators.filter((each) => each.confirmed)
  const isLast = confirmed.length === 1 && confirmed[0]?.id === input.authenticatorId
  if (isLast) await proveOwner(scope, loaded, input)
  await commandUnit(runtime.store, async (tx) => {
    await userCommands.handle(
      tx,
      userId,
      { type: 'RemoveAuthenticator', authenticatorId: input.authenticatorId, proven: isLast },
      scope.metadata(),
    )
    await revokeAllRefreshTokens(tx.db, userId, runtime.clock, input.sessionId)
  })
  return listAuthenticators(scope)
}

async function proveOwner(
  scope: SignedInScope,
  loaded: LoadedSecondStep,
  input: { password?: string | undefined; code?: string | undefined },
) {
  const { runtime, userId } = scope
  const credentials = await runtime.db
    .selectFrom('user_credentials')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (credentials) {
    if (!input.password) throw new DomainError('wrong-password', secondStepMessages.lastNeedsProof)
    if (!(await currentPasswordMatches(scope, credentials.password_hash, input.password)))
      throw new DomainError('wrong-password', changePasswordMessages.wrongCurrent)
  }
  await assertUnderRateLimit(runtime, accountLimits.currentCodePerAccount, userId)
  if (!input.code) throw new DomainError('invalid-code', secondStepMessages.lastNeedsProof)
  const proof = matchingProof(loaded, input.code, runtime.clock.now(), { recovery: false })
  if (!proof) await codeRefused(scope)
}
