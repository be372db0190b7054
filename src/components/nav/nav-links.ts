import type { LinkTarget } from '#src/lib/link-target.ts'

/** The navigation bar's links. */
export type NavItem = LinkTarget & { label: string }

export const signedOutLinks: readonly NavItem[] = [
  { label: 'Features', to: '/', hash: 'features' },
  { label: 'Pricing', to: '/', hash: 'pricing' },
  { label: 'Download', to: '/download' },
  { label: 'Contact Us', to: '/contact' },
]

export const signedInLinks: readonly NavItem[] = [
  { label: 'Features', to: '/', hash: 'features' },
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Download', to: '/download' },
  { label: 'Support', to: '/contact' },
]

export type CheckingNavItem = NavItem & { only?: 'signed-in' | 'signed-out' }

/** Both bars in one, each link marked with the state it belongs to: shown while the sign-in is unknown. */
export const linksWhileChecking: readonly CheckingNavItem[] = [
  { label: 'Features', to: '/', hash: 'features' },
  { label: 'Pricing', to: '/', hash: 'pricing', only: 'signed-out' },
  { label: 'Dashboard', to: '/dashboard', only: 'signed-in' },
  { label: 'Download', to: '/download' },
  { label: 'Contact Us', to: '/contact', only: 'signed-out' },
  { label: 'Support', to: '/contact', only: 'signed-in' },
]

export const userMenuLinks: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Interview', to: '/interview' },
  { label: 'History', to: '/history' },
  { label: 'Profile Settings', to: '/profile' },
  { label: 'Subscription', to: '/subscription' },
]

/** Only for role 'support'; not "Support", which the bar already uses for /contact. */
export const supportConsoleLink: NavItem = { label: 'Support Console', to: '/support' }

export const signInLink: NavItem = { label: 'Sign In', to: '/login' }
export const signUpLink: NavItem = { label: 'Sign Up', to: '/signup' }

/** Whether a nav item points at the page being shown (in-page anchors never count). */
export function isCurrent(item: NavItem, pathname: string): boolean {
  return !item.hash && item.to === pathname
}
