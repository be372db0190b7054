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

/** Spec §5 "Google name fallback". */
export function deriveNames(
  metadata: ProviderNameMetadata | null | undefined,
  email: string | null | undefined,
): DerivedNames {
  const fullNameWords = words(text(metadata?.full_name))
  const emailLocalPart = text(email).split('@')[0] ?? ''
  const firstName = text(metadata?.first_name) || fullNameWords[0] || emailLocalPart
  const lastName = text(metadata?.last_name) || fullNameWords.slice(1).join(' ')
  return { firstName: fit(firstName, 'User'), lastName: fit(lastName, 'Account') }
}

/** Spec §5: sent with the OAuth login payload; the backend trusts the provider token, not this. */
export function derivedOAuthPassword(userId: string): string {
  return `OAuth${userId.slice(0, 8)}1A`
}
