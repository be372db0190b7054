import type { DomainErrorCode } from '#events/domain-error.ts'

// Refusals shared by several operations.
const needsSession = [
  'no-active-plan',
  'no-active-session',
  'session-ended',
  'not-found',
  'feature-not-in-plan',
] as const
const needsPlanFeature = ['no-active-plan', 'feature-not-in-plan'] as const
const askingTheAi = ['ai-not-configured', 'ai-failed', 'ai-rejected'] as const

/**
 * The business refusals each operation's service can give, by `METHOD path`. Their statuses and
 * codes are declared from these (openapi-declared-statuses.ts), beside what every operation can
 * answer (bad input, no token, too large, wrong type, unavailable). An operation missing here
 * fails tests/unit/operation-refusals.test.ts.
 */
const refusalsByOperation = {
  'POST /auth/register': ['already-exists', 'rate-limited', 'not-configured'],
  'POST /auth/login': [
    'invalid-credentials',
    'no-password',
    'email-not-confirmed',
    'erased',
    'rate-limited',
    'not-configured',
    'mfa-required',
  ],
  'POST /auth/oauth-login': ['invalid-token', 'email-not-confirmed', 'not-configured', 'erased', 'mfa-required'],
  'POST /auth/mfa/verify': ['mfa-challenge-invalid', 'invalid-code', 'rate-limited', 'not-configured', 'erased'],
  'GET /account/authenticators': ['not-configured'],
  'POST /account/authenticators': ['bad-request', 'not-configured', 'erased'],
  'POST /account/authenticators/confirm': [
    'invalid-code',
    'not-found',
    'already-exists',
    'rate-limited',
    'not-configured',
  ],
  'POST /account/authenticators/rename': ['not-found', 'not-configured'],
  'POST /account/authenticators/remove': [
    'not-found',
    'wrong-password',
    'invalid-code',
    'rate-limited',
    'not-configured',
  ],
  'POST /auth/supabase-login': ['invalid-token', 'email-not-confirmed', 'not-configured', 'erased'],
  'POST /auth/refresh-token': ['refresh-invalid', 'refresh-reused', 'erased'],
  'POST /auth/logout': [],
  'GET /auth/validate': [],
  'GET /auth/settings': [],
  'POST /auth/confirm-email': ['invalid-link'],
  'POST /auth/resend-confirmation': ['rate-limited'],
  'POST /auth/request-password-reset': ['rate-limited', 'not-configured'],
  'POST /auth/reset-password': ['invalid-link'],
  'POST /auth/change-password': ['wrong-password', 'same-password', 'no-password', 'rate-limited'],
  'GET /auth/plans': [],
  'GET /app/releases/latest': [],
  'GET /auth/subscription': [],
  'POST /auth/create-order': ['unknown-plan', 'plan-change-refused', 'gateway-unavailable', 'idempotency-key-reused'],
  'POST /auth/verify-payment': ['bad-signature', 'payment-failed', 'already-paid', 'not-found'],
  'POST /payments/sandbox/complete': ['not-found'],
  'GET /billing/history': [],
  'GET /billing/invoices/{orderId}/pdf': ['not-found'],
  'GET /payments/plan-changes': [],
  'POST /payments/plan-change/schedule': ['no-active-plan', 'plan-change-refused', 'unknown-plan'],
  'POST /payments/plan-change/cancel': ['not-found'],
  'POST /account/profile': ['concurrent-change'],
  'POST /account/delete': ['wrong-password', 'rate-limited'],
  'POST /account/sign-out-everywhere': [],
  'POST /interview/session/start': [
    'no-active-plan',
    'limit-reached',
    'feature-not-in-plan',
    'session-active',
    'idempotency-key-reused',
  ],
  'POST /interview/session/end': ['no-active-session', 'not-found'],
  'GET /interview/session/active': [],
  'GET /interview/history': [],
  'GET /interview/sessions/{id}/review': ['feature-not-in-plan', 'not-found', 'session-active'],
  'GET /interview/insights': ['feature-not-in-plan'],
  'POST /interview/sessions/{id}/questions/{questionId}/rating': ['feature-not-in-plan', 'not-found'],
  'GET /interview/usage-limits': [],
  'GET /interview/usage-periods': [],
  'POST /interview/question': [...needsSession, ...askingTheAi, 'unsupported-media', 'idempotency-key-reused'],
  'POST /interview/question/stream': [...needsSession, ...askingTheAi, 'unsupported-media'],
  'POST /interview/audio-question': [
    ...needsSession,
    ...askingTheAi,
    'unsupported-media',
    'too-large',
    'no-speech',
    'idempotency-key-reused',
  ],
  'POST /interview/screenshot': [...needsSession, ...askingTheAi, 'too-large', 'bad-request', 'idempotency-key-reused'],
  'POST /interview/analyze': [...needsPlanFeature, ...askingTheAi],
  'POST /interview/generate-questions': [...needsPlanFeature, ...askingTheAi],
  'POST /interview/improve-communication': [...needsPlanFeature, ...askingTheAi],
  'POST /contact': ['rate-limited', 'no-support-inbox'],
  'GET /dev/mailbox': ['not-found'],
  'GET /support/users': [],
  'GET /support/users/{userId}/events': ['not-found'],
  'POST /support/users/{userId}/rebuild': ['not-found'],
  'GET /support/projections': [],
  'GET /support/users/{userId}/timeline': ['not-found'],
  'POST /support/users/{userId}/reveal': ['not-found', 'bad-request'],
  'POST /support/users/{userId}/authenticators/remove': ['not-found', 'bad-request', 'erased'],
  'GET /support/audit': [],
  'GET /support/users/{userId}/as-of/{eventId}': ['not-found'],
  'POST /support/projections/{name}/retry': ['not-found'],
  'POST /support/users/{userId}/replay': ['concurrent-change'],
  'POST /support/projections/{name}/rebuild': ['not-found', 'concurrent-change'],
  'GET /support/rebuilds': [],
  'GET /support/webhook-deliveries': [],
  'POST /support/webhook-deliveries/{deliveryId}/retry': ['not-found', 'concurrent-change'],
  'GET /support/refunds': [],
  'POST /support/refunds/{orderId}/{paymentId}': ['not-found', 'gateway-unavailable'],
} as const satisfies Record<string, readonly DomainErrorCode[]>

/** `METHOD path` of every REST operation a client calls: its examples are keyed by it. */
export type RestOperation = keyof typeof refusalsByOperation

export const operationRefusals: Readonly<Record<string, readonly DomainErrorCode[]>> = refusalsByOperation
