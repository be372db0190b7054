/**
 * TOTP factors (supabase/auth internal/api/mfa.go): enrol, challenge, verify, unenrol. Codes are
 * checked as GoTrue does (RFC 6238, SHA-1, 6 digits, 30 s, one step of skew), with otpauth, so a
 * test computes real codes from the secret the enrolment answered.
 */
import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { toString as qrSvg } from 'qrcode'
import { z } from 'zod'
import { badRequest, notFound, unprocessable } from './errors.ts'
import { authenticate, bodyOf, json, type Reply, type RequestContext } from './http.ts'
import type { ProjectKeys } from './keys.ts'
import type { AuthState, FakeFactor, FakeSession, FakeUser } from './state.ts'

type Handler = (ctx: RequestContext) => Promise<Reply>

/** GOTRUE_MFA_MAX_ENROLLED_FACTORS and GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION defaults. */
const maxEnrolledFactors = 10
const challengeExpirySeconds = 300

const enrollBody = z.looseObject({
  factor_type: z.string().optional(),
  friendly_name: z.string().optional(),
  issuer: z.string().optional(),
})
const verifyBody = z.looseObject({ challenge_id: z.string().optional(), code: z.string().optional() })

type Challenge = { id: string; factorId: string; createdAt: Date }

const totpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })

export function mfaRoutes(state: AuthState, keys: ProjectKeys): (method: string, path: string) => Handler | undefined {
  const challenges = new Map<string, Challenge>()

  async function session(ctx: RequestContext): Promise<{ user: FakeUser; session: FakeSession }> {
    const found = await authenticate(ctx, state, keys)
    if (!found.session) throw badRequest('session_not_found', 'Session not found')
    return { user: found.user, session: found.session }
  }

  function factorOf(user: FakeUser, factorId: string): FakeFactor {
    const factor = user.factors.find((candidate) => candidate.id === factorId)
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
    return factor
  }

  async function enroll(ctx: RequestContext): Promise<Reply> {
    const { user, session: current } = await session(ctx)
    const body = bodyOf(ctx, enrollBody)
    if (body.factor_type !== 'totp') {
      if (body.factor_type === 'phone' || body.factor_type === 'webauthn')
        throw unprocessable('mfa_factor_type_disabled', `MFA enroll is disabled for ${body.factor_type}`)
      throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn')
    }
    const friendlyName = body.friendly_name ?? ''
    const verified = user.factors.filter((factor) => factor.status === 'verified').length
    if (user.factors.length >= maxEnrolledFactors)
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      )
    if (verified > 0 && current.aal !== 'aal2')
      throw unprocessable('insufficient_aal', 'AAL2 required to enroll a new factor')
    if (friendlyName !== '' && user.factors.some((factor) => factor.friendlyName === friendlyName))
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      )
    const issuer = body.issuer ?? new URL(state.config.siteUrl).hostname
    const secret = new Secret({ size: 20 }).base32
    const now = new Date()
    const factor: FakeFactor = {
      id: randomUUID(),
      friendlyName,
      status: 'unverified',
      secret,
      createdAt: now,
      updatedAt: now,
      lastChallengedAt: undefined,
    }
    user.factors.push(factor)
    const uri = totpOf(secret, issuer, user.email).toString()
    return json({
      id: factor.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: await qrSvg(uri, { type: 'svg' }), secret, uri },
    })
  }

  async function challenge(ctx: RequestContext, factorId: string): Promise<Reply> {
    const { user } = await session(ctx)
    const factor = factorOf(user, factorId)
    const created: Challenge = { id: randomUUID(), factorId: factor.id, createdAt: new Date() }
    challenges.set(created.id, created)
    factor.lastChallengedAt = created.createdAt
    return json({
      id: created.id,
      type: 'totp',
      expires_at: Math.floor(created.createdAt.getTime() / 1000) + challengeExpirySeconds,
    })
  }

  async function verify(ctx: RequestContext, factorId: string): Promise<Reply> {
    const { user, session: current } = await session(ctx)
    const factor = factorOf(user, factorId)
    const body = bodyOf(ctx, verifyBody)
    const found = challenges.get(body.challenge_id ?? '')
    if (found?.factorId !== factor.id)
      throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
    if (found.createdAt.getTime() + challengeExpirySeconds * 1000 < Date.now()) {
      challenges.delete(found.id)
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    const delta = totpOf(factor.secret, '', '').validate({ token: body.code ?? '', window: 1 })
    if (delta === null) throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered')
    challenges.delete(found.id)
    const now = new Date()
    if (factor.status === 'unverified') factor.status = 'verified'
    factor.updatedAt = now
    current.aal = 'aal2'
    current.factorId = factor.id
    current.amr = [{ method: 'totp', timestamp: Math.floor(now.getTime() / 1000) }, ...current.amr]
    // models.InvalidateSessionsWithAALLessThan: the other sessions that never passed a factor end.
    state.endSessions(user.id, (other) => other.id === current.id || other.aal === 'aal2')
    return json(await state.tokenResponse(user, current, state.newRefreshToken(current.id)))
  }

  async function unenroll(ctx: RequestContext, factorId: string): Promise<Reply> {
    const { user, session: current } = await session(ctx)
    const factor = factorOf(user, factorId)
    if (factor.status === 'verified' && current.aal !== 'aal2')
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor')
    user.factors = user.factors.filter((candidate) => candidate.id !== factor.id)
    // Factor.DowngradeSessionsToAAL1: sessions this factor raised fall back to the first level.
    for (const other of state.sessions.values()) {
      if (other.factorId !== factor.id) continue
      other.aal = 'aal1'
      other.factorId = undefined
    }
    return json({ id: factor.id })
  }

  return (method, path) => {
    const match = /^\/auth\/v1\/factors(?:\/([^/]+)(?:\/(challenge|verify))?)?$/.exec(path)
    if (!match) return undefined
    const [, factorId, action] = match
    if (!factorId) return method === 'POST' ? enroll : undefined
    if (action === 'challenge' && method === 'POST') return (ctx) => challenge(ctx, factorId)
    if (action === 'verify' && method === 'POST') return (ctx) => verify(ctx, factorId)
    if (action === undefined && method === 'DELETE') return (ctx) => unenroll(ctx, factorId)
    return undefined
  }
}
