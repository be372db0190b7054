import type { RateLimit } from '#server/accounts/rate-limiter.ts'

/** Abuse limits of the contact form, per client address and per sender e-mail address. */
export const contactLimits = {
  perAddress: {
    name: 'contact:ip',
    limit: 10,
    windowMs: 60 * 60_000,
    message: 'Too many messages from your network. Please wait an hour and try again.',
  },
  perEmail: {
    name: 'contact:email',
    limit: 5,
    windowMs: 60 * 60_000,
    message: 'Too many messages from this email address. Please wait an hour and try again.',
  },
} satisfies Record<string, RateLimit>
