import { uiMessages } from './auth-messages.ts'
import { messages } from '#rules/auth-rules.ts'

/** Spec §5 "Sign-up provider error mapping", checked in this order by substring. */
const signUpRules: readonly { matches: readonly string[]; message: string }[] = [
  { matches: ['already been registered'], message: 'This email is already registered. Please sign in instead.' },
  { matches: ['invalid'], message: 'Invalid email address. Please check and try again.' },
  { matches: ['domain'], message: 'This email domain is not allowed. Please use a different email.' },
  { matches: ['rate limit', 'too many'], message: 'Too many attempts. Please wait a moment and try again.' },
]

export const signUpErrorTexts = {
  alreadyRegistered: signUpRules[0]!.message,
  invalidEmail: signUpRules[1]!.message,
  domainNotAllowed: signUpRules[2]!.message,
  tooManyAttempts: signUpRules[3]!.message,
} as const

export function mapSignUpProviderError(providerMessage: string | null | undefined): string {
  const text = providerMessage?.trim() ?? ''
  // Providers vary the capitalisation ("Email rate limit exceeded", "Invalid email"): compare lower case.
  const lower = text.toLowerCase()
  const rule = signUpRules.find(({ matches }) => matches.some((needle) => lower.includes(needle)))
  if (rule) return rule.message
  return text === '' ? 'Signup failed. Please try again.' : text
}

/** Spec §8: a rejected password sign-in, whatever the provider's wording. */
export function isInvalidCredentials(message: string | null | undefined, code?: string | null): boolean {
  return code === 'invalid_credentials' || /invalid (login )?credentials|invalid email or password/i.test(message ?? '')
}

/** Spec §8: the backend refused to create the account after a successful provider sign-in. */
export function backendRegistrationMessage(serverMessage: string | null | undefined): string {
  return /already exists/i.test(serverMessage ?? '') ? messages.alreadyRegistered : uiMessages.accountSetupIncomplete
}
