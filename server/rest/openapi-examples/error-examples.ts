import { slowBodyMessage } from '#server/http/server-timeouts.ts'
import { findPlan } from '#app.catalog.ts'
import { orderMessages } from '#events/orders/order-decider.ts'
import { sessionMessages } from '#events/interviews/interview-session-decider.ts'
import { planChangeMessages } from '#events/subscriptions/plan-change.ts'
import { usageMessages } from '#events/subscriptions/subscription-decider.ts'
import { userMessages } from '#events/users/user-decider.ts'
import { secondStepMessages } from '#events/users/second-step-decider.ts'
import { challengeMessages } from '#server/accounts/second-step/sign-in-challenge.ts'
import { messages } from '#rules/auth-rules.ts'
import { contactMessages } from '#rules/contact-rules.ts'
import { changePasswordMessages } from '#server/accounts/change-password.ts'
import { providerMessages } from '#server/accounts/provider-sign-in.ts'
import { refreshMessages } from '#server/accounts/tokens/refresh-tokens.ts'
import { idempotencyMessages } from '#server/routes/idempotency.ts'
import { failures } from '#server/interviews/ask.ts'
import { noActiveSession } from '#server/interviews/interview-sessions.ts'
import { mediaRefusals } from '#server/interviews/media-limits.ts'
import { maxWaitingPerPerson } from '#rules/media-limits.ts'
import { QueueFullError } from '#server/ai/concurrency-limit.ts'
import { orderErrors } from '#server/payments/create-order.ts'
import { verifyMessages } from '#server/payments/verify-payment.ts'
import { concurrentChangeMessage, serviceUnavailableMessage } from '#server/trpc/domain-errors.ts'
import { internalErrorMessage, signInRequiredMessage, supportOnlyMessage } from '#server/trpc/init.ts'
import type { PublicErrorCode } from '#server/trpc/public-error-codes.ts'
import { adapterMessages } from '../adapter-envelope.ts'
import { malformedAddressMessage } from '#server/routes/error-envelope.ts'
import { aiRefusals } from './ai-refusals.ts'
import type { ErrorExample } from './operation-example.ts'
import { utteranceRefusals } from '#server/interviews/utterance-refusals.ts'
import { exampleIds } from './example-values.ts'
import { exampleChallenge } from './second-step.ts'

/** What the examples of one operation's errors depend on. */
export type OperationFacts = {
  /** The server's words for a request without its required fields, when the operation has any. */
  missingInputMessage: string | undefined
  /** The words of a 413 for this operation's body limit. */
  tooLargeMessage: string
  method: string
}

const periodEnd = '2026-12-24T14:40:41.587Z'
const professional = findPlan('professional')?.name ?? 'professional'

/**
 * The error answer of each code, in the words the server sends for it where no operation says
 * otherwise (an operation overrides them in its own examples). A Record, so a new code does not
 * compile until it has an example. The words come from the constants the server throws with.
 */
export const sharedErrorExamples: Record<PublicErrorCode, (facts: OperationFacts) => ErrorExample> = {
  account_erased: () => ({ error: userMessages.erased }),
  ai_failed: () => aiRefusals(failures.response).ai_failed,
  ai_not_configured: () => ({
    error: `${failures.response}: no AI provider on this server answers this kind of question`,
  }),
  ai_rejected: () => aiRefusals(failures.response).ai_rejected,
  already_exists: () => ({ error: userMessages.alreadyExists }),
  already_paid: () => ({ error: orderMessages.paidByAnotherPayment }),
  audio_too_long: () => ({ error: `${failures.audio}: ${mediaRefusals.audioTooLong(75)}` }),
  bad_gateway: () => ({ error: 'Request failed with status 502' }),
  bad_signature: () => ({ error: verifyMessages.badSignature }),
  concurrent_change: () => ({ error: concurrentChangeMessage }),
  conflict: () => ({ error: 'Request failed with status 409' }),
  email_not_confirmed: () => ({ error: userMessages.emailNotConfirmed }),
  feature_not_in_plan: () => ({
    error: `Communication feedback: Your ${professional} plan does not include it. It comes with the Pro plan: upgrade on the pricing page.`,
  }),
  forbidden: () => ({ error: supportOnlyMessage }),
  image_too_large: () => ({ error: `${failures.screenshot}: ${mediaRefusals.imageTooLarge(7680, 4320)}` }),
  idempotency_key_reused: () => ({ error: idempotencyMessages.reused }),
  interviews_exhausted: () => ({ error: usageMessages.limitReached(professional, 15, periodEnd) }),
  internal_error: () => ({ error: internalErrorMessage }),
  invalid_code: () => ({ error: secondStepMessages.wrongCode }),
  invalid_credentials: () => ({ error: messages.invalidCredentials }),
  invalid_link: () => ({ error: messages.invalidResetLink }),
  invalid_request: ({ missingInputMessage, method }) => ({
    error: missingInputMessage ?? (method === 'get' ? malformedAddressMessage : adapterMessages.PARSE_ERROR),
  }),
  invalid_token: () => ({ error: providerMessages.unverified }),
  media_unreadable: () => ({
    error: `${failures.screenshot}: The image cannot be read: the PNG header is damaged or truncated.`,
  }),
  mfa_challenge_invalid: () => ({ error: challengeMessages.invalid }),
  mfa_required: () => ({ error: secondStepMessages.required, details: exampleChallenge }),
  method_not_allowed: () => ({ error: 'Request failed with status 405' }),
  no_active_session: () => ({ error: noActiveSession }),
  no_password: () => ({ error: userMessages.noPassword }),
  no_speech: () => ({ error: `${failures.audio}: no speech was recognised in the recording` }),
  block_out_of_order: () => ({ error: utteranceRefusals.outOfOrder(3), details: { expected: '3' } }),
  block_mismatch: () => ({ error: utteranceRefusals.mismatch(2) }),
  utterance_incomplete: () => ({ error: utteranceRefusals.incomplete(7, 9), details: { received: '7' } }),
  not_configured: () => ({ error: providerMessages.notConfigured }),
  not_found: () => ({ error: sessionMessages.notFound }),
  payload_too_large: ({ tooLargeMessage }) => ({ error: tooLargeMessage }),
  payment_failed: () => ({ error: orderMessages.amountMismatch }),
  payment_gateway_unavailable: () => ({ error: orderErrors.gatewayDown }),
  plan_change_refused: () => ({ error: planChangeMessages.notADowngrade('Pro') }),
  plan_required: () => ({ error: usageMessages.noPlan }),
  queue_full: () => ({ error: `${failures.audio}: ${new QueueFullError(maxWaitingPerPerson, 1).message}` }),
  rate_limited: () => ({ error: 'Too many requests' }),
  request_timeout: () => ({ error: slowBodyMessage }),
  refresh_token_invalid: () => ({ error: refreshMessages.invalid }),
  same_password: () => ({ error: changePasswordMessages.samePassword }),
  service_unavailable: () => ({ error: serviceUnavailableMessage }),
  session_active: () => ({
    error: usageMessages.sessionActive(exampleIds.session),
    details: { sessionId: exampleIds.session },
  }),
  session_ended: () => ({ error: sessionMessages.ended }),
  support_inbox_missing: () => ({ error: contactMessages.noEmailService }),
  token_reused: () => ({ error: refreshMessages.reused }),
  unauthenticated: () => ({ error: signInRequiredMessage }),
  unknown_plan: () => ({ error: 'Unknown plan: enterprise' }),
  unprocessable: () => ({ error: 'Request failed with status 422' }),
  unsupported_media_type: () => ({ error: adapterMessages.UNSUPPORTED_MEDIA_TYPE }),
  wrong_password: () => ({ error: changePasswordMessages.wrongCurrent }),
}
