import type { User } from '#src/auth/auth-types.ts'
import { nonEmpty } from '#src/lib/text.ts'

type Named = Pick<User, 'firstName' | 'email'> | null | undefined

/** The user menu's letter: the first name's initial, else the e-mail's, else U. */
export function userInitial(user: Named): string {
  const source = nonEmpty(user?.firstName.trim()) ?? nonEmpty(user?.email.trim()) ?? 'U'
  return source.charAt(0).toUpperCase()
}

/** The user menu's name: the first name, or the word User. */
export function userDisplayName(user: Named): string {
  return nonEmpty(user?.firstName.trim()) ?? 'User'
}
