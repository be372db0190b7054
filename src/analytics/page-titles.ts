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
  '/docs': 'Docs',
  '/docs/api': 'API Reference',
  '/terms': 'Terms and Conditions',
  '/privacy': 'Privacy Policy',
  '/refunds': 'Cancellation and Refund Policy',
}

export function pageTitleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (titles[path]) return titles[path]
  if (path.startsWith('/blog/')) return 'Blog Article'
  // The order id is the customer's own: the report names the page, not the order.
  if (path.startsWith('/invoice/')) return 'Invoice'
  return 'Page Not Found'
}
