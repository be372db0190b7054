import type { AppConfig } from '#app.config.ts'

type SiteUrlConfig = Pick<AppConfig, 'isProduction' | 'publicUrl' | 'publicUrlIsDefault'>

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port: nothing else. */
const wellFormedHost =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The address links in mail point at. PUBLIC_URL whenever it is set, and always in production
 * (where it is required). In development without it, the origin the visitor used (so a phone on
 * the LAN gets a link it can open, not one to localhost), read from a Host header that must be a
 * plain host and port; otherwise http://localhost:PORT. The Host header is the client's to write,
 * which is why production never looks at it (decision 0021).
 */
export function siteUrlOf(config: SiteUrlConfig, request: Request): string {
  if (config.isProduction || !config.publicUrlIsDefault) return config.publicUrl
  return visitorOrigin(request) ?? config.publicUrl
}

function visitorOrigin(request: Request): string | undefined {
  const host = request.headers.get('host')
  if (!host || !wellFormedHost.test(host)) return undefined
  try {
    const { protocol } = new URL(request.url)
    if (protocol !== 'http:' && protocol !== 'https:') return undefined
    return new URL(`${protocol}//${host}`).origin
  } catch {
    return undefined
  }
}

/**
 * An address printed outside any request (the operator's commands): PUBLIC_URL when it is set. Without
 * it there is no visitor to follow and the command cannot know the server's port, so the path is
 * printed with what to set, rather than a guessed http://localhost address.
 */
export function addressOutsideRequests(
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlIsDefault'>,
  path: string,
): string {
  return config.publicUrlIsDefault
    ? `${path} on this site (set PUBLIC_URL to print the full address)`
    : `${config.publicUrl}${path}`
}
