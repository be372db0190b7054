/** The navigation bar's links. */
export type NavItem = { label: string; href: string }

export const signedOutLinks: readonly NavItem[] = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Download', href: '/download' },
  { label: 'Contact Us', href: '/contact' },
]

export const signedInLinks: readonly NavItem[] = [
  { label: 'Features', href: '/#features' },
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Download', href: '/download' },
  { label: 'Support', href: '/contact' },
]

export type CheckingNavItem = NavItem & { only?: 'signed-in' | 'signed-out' }

/** Both bars in one, each link marked with the state it belongs to: shown while the sign-in is unknown. */
export const linksWhileChecking: readonly CheckingNavItem[] = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/#pricing', only: 'signed-out' },
  { label: 'Dashboard', href: '/dashboard', only: 'signed-in' },
  { label: 'Download', href: '/download' },
  { label: 'Contact Us', href: '/contact', only: 'signed-out' },
  { label: 'Support', href: '/contact', only: 'signed-in' },
]

export const userMenuLinks: readonly NavItem[] = [
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Interview', href: '/interview' },
  { label: 'History', href: '/history' },
  { label: 'Profile Settings', href: '/profile' },
  { label: 'Subscription', href: '/subscription' },
]

/** Only for role 'support'; not "Support", which the bar already uses for /contact. */
export const supportConsoleLink: NavItem = { label: 'Support Console', href: '/support' }

export const signInLink: NavItem = { label: 'Sign In', href: '/login' }
export const signUpLink: NavItem = { label: 'Sign Up', href: '/signup' }

/** Whether a nav item points at the page being shown (in-page anchors never count). */
export function isCurrent(item: NavItem, pathname: string): boolean {
  return !item.href.includes('#') && item.href === pathname
}
