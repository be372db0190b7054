import type { User } from '#src/auth/auth-types.ts'

type Named = Pick<User, 'firstName' | 'email'> | null | undefined

/** Spec §2 user menu: the first name's initial, else the e-mail's, else U. */
export function userInitial(user: Named): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || 'U'
  return source.charAt(0).toUpperCase()
}

/** Spec §2 user menu: the first name, or the word User. */
export function userDisplayName(user: Named): string {
  return user?.firstName?.trim() || 'User'
}
