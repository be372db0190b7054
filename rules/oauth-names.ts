import { namePattern } from './auth-rules.ts'

/** The hosted provider's user_metadata as far as names go; Google fills full_name, sign-up fills first/last. */
export type ProviderNameMetadata = {
  first_name?: unknown
  last_name?: unknown
  full_name?: unknown
}

export type DerivedNames = { firstName: string; lastName: string }

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

function words(fullName: string): string[] {
  return fullName.split(/\s+/).filter(Boolean)
}

function fit(name: string, fallback: string): string {
  const chosen = name.length < namePattern.min ? fallback : name
  return chosen.slice(0, namePattern.max)
}

/**
 * First and last name for a provider sign-in: the provider's names, else its full name split, else
 * the e-mail's local part; too-short names fall back to 'User' and 'Account'.
 */
export function deriveNames(
  metadata: ProviderNameMetadata | null | undefined,
  email: string | null | undefined,
): DerivedNames {
  const fullNameWords = words(text(metadata?.full_name))
  const emailLocalPart = text(email).split('@')[0] ?? ''
  const firstName = text(metadata?.first_name) || (fullNameWords[0] ?? emailLocalPart)
  const lastName = text(metadata?.last_name) || fullNameWords.slice(1).join(' ')
  return { firstName: fit(firstName, 'User'), lastName: fit(lastName, 'Account') }
}

/** Fills the OAuth login payload's password field; the backend trusts the provider token, never this. */
export function derivedOAuthPassword(userId: string): string {
  return `OAuth${userId.slice(0, 8)}1A`
}
