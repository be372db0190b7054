import type { FileRouteTypes } from '#src/routeTree.gen.ts'

/** A page of the app without path parameters: what a typed `<Link to>` in a list of links may name. */
export type AppPath = Exclude<FileRouteTypes['to'], `${string}$${string}` | `/api/${string}`>

/** Where a link in a list of links leads: a page, and on it an in-page anchor. */
export type LinkTarget = { to: AppPath; hash?: string }

/** The address a link target renders as, e.g. '/#pricing', for analytics and the in-page scroll. */
export function hrefOf({ to, hash }: LinkTarget): string {
  return hash ? `${to}#${hash}` : to
}
