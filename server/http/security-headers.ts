import { pagePolicy, resourcePolicy, type PolicyOptions } from './content-security-policy.ts'

export type SecurityHeaderOptions = PolicyOptions & { isProduction: boolean }

/**
 * Powerful features our pages never use are off for every frame; the microphone and screen sharing
 * are ours alone (the practice console records questions; the live page shares the interview's tab). The policy binds when a document loads and a client-side
 * navigation keeps it, so it is the same on every page rather than opened on /interview only.
 */
const permissionsPolicy =
  'microphone=(self), camera=(), geolocation=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(self), browsing-topics=(), interest-cohort=()'

/** Two years, the preload list's minimum; only over HTTPS in production, where PUBLIC_URL is https. */
const strictTransportSecurity = 'max-age=63072000; includeSubDomains'

/**
 * The headers every answer carries. A page (HTML) gets the page policy with the nonce its inline
 * scripts were stamped with (asked for only then); anything else the policy that loads nothing.
 */
export function addSecurityHeaders(
  headers: Headers,
  options: SecurityHeaderOptions,
  nonce: () => string,
  pathname: string,
): void {
  const isPage = (headers.get('content-type') ?? '').startsWith('text/html')
  headers.set('content-security-policy', isPage ? pagePolicy(options, nonce(), pathname) : resourcePolicy)
  headers.set('x-content-type-options', 'nosniff')
  headers.set('referrer-policy', 'strict-origin-when-cross-origin')
  headers.set('x-frame-options', 'DENY')
  if (isPage) headers.set('permissions-policy', permissionsPolicy)
  if (options.isProduction) headers.set('strict-transport-security', strictTransportSecurity)
}
