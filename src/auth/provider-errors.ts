import { uiMessages } from './auth-messages.ts'
import { messages } from '#rules/auth-rules.ts'

export const signUpErrorTexts = {
  alreadyRegistered: 'This email is already registered. Please sign in instead.',
  invalidEmail: 'Invalid email address. Please check and try again.',
  domainNotAllowed: 'This email domain is not allowed. Please use a different email.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
} as const

/** How the provider's sign-up errors read to the user: the first rule whose substring the message holds wins. */
const signUpRules: readonly { matches: readonly string[]; message: string }[] = [
  { matches: ['already been registered'], message: signUpErrorTexts.alreadyRegistered },
  { matches: ['invalid'], message: signUpErrorTexts.invalidEmail },
  { matches: ['domain'], message: signUpErrorTexts.domainNotAllowed },
  { matches: ['rate limit', 'too many'], message: signUpErrorTexts.tooManyAttempts },
]

export function mapSignUpProviderError(providerMessage: string | null | undefined): string {
  const text = providerMessage?.trim() ?? ''
  // Providers vary the capitalisation ("Email rate limit exceeded", "Invalid email"): compare lower case.
  const lower = text.toLowerCase()
  const rule = signUpRules.find(({ matches }) => matches.some((needle) => lower.includes(needle)))
  if (rule) return rule.message
  return text === '' ? 'Signup failed. Please try again.' : text
}

/** A rejected password sign-in, whatever the provider's wording. */
export function isInvalidCredentials(message: string | null | undefined, code?: string | null): boolean {
  return code === 'invalid_credentials' || /invalid (login )?credentials|invalid email or password/i.test(message ?? '')
}

/** The message shown when the backend refused to create the account after a successful provider sign-in. */
export function backendRegistrationMessage(serverMessage: string | null | undefined): string {
  return /already exists/i.test(serverMessage ?? '') ? messages.alreadyRegistered : uiMessages.accountSetupIncomplete
}
