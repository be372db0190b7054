/** The title each page view is reported with. */
const titles: Record<string, string> = {
  '/': 'Home',
  '/login': 'Sign In',
  '/signup': 'Sign Up',
  '/reset-password': 'Reset Password',
  '/email-confirmed': 'Email Confirmation',
  '/auth/callback': 'Google Sign In',
  '/download': 'Download',
  '/contact': 'Contact Us',
  '/dashboard': 'Dashboard',
  '/pricing': 'Pricing',
  '/interview': 'Interview',
  '/subscription': 'Subscription',
  '/profile': 'Profile Settings',
  '/history': 'Interview History',
  '/support': 'Support Console',
  '/dev/mailbox': 'Development Mailbox',
  '/blog': 'Blog',
  '/about': 'About',
  '/docs': 'API Docs',
}

export function pageTitleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (titles[path]) return titles[path]
  if (path.startsWith('/blog/')) return 'Blog Article'
  return 'Page Not Found'
}
