import { forEachOpenApiProcedure, getPathRegExp, normalizePath, type OpenApiRouter } from 'trpc-to-openapi'
import { bodyLimitOf } from '#server/trpc/body-limit.ts'

export type RouteLookup =
  { kind: 'found'; maxBodyBytes: number } | { kind: 'wrong-method'; allowed: string[] } | { kind: 'missing' }

const keptPaths = 1000

/** Which REST paths exist and with which methods, so an unknown path is a 404 and a wrong method a 405. */
export function createRouteTable(router: OpenApiRouter): (method: string, path: string) => RouteLookup {
  const routes: { method: string; pattern: RegExp; maxBodyBytes: number }[] = []
  forEachOpenApiProcedure(router._def.procedures, ({ meta }) => {
    routes.push({
      method: meta.openapi.method,
      pattern: getPathRegExp(normalizePath(meta.openapi.path)),
      maxBodyBytes: bodyLimitOf(meta),
    })
  })
  // Each request asks up to twice (the dispatcher, then the handler); a path's matches are kept,
  // and forgotten all at once past a bound, since ids in paths make the set of paths unbounded.
  const matchesByPath = new Map<string, typeof routes>()
  const matchesOf = (path: string) => {
    const normalized = normalizePath(path)
    let matching = matchesByPath.get(normalized)
    if (matching) return matching
    matching = routes.filter((route) => route.pattern.test(normalized))
    if (matchesByPath.size >= keptPaths) matchesByPath.clear()
    matchesByPath.set(normalized, matching)
    return matching
  }
  return (method, path) => {
    const matching = matchesOf(path)
    if (matching.length === 0) return { kind: 'missing' }
    const found = matching.find((route) => route.method === method)
    if (found) return { kind: 'found', maxBodyBytes: found.maxBodyBytes }
    return { kind: 'wrong-method', allowed: [...new Set(matching.map((route) => route.method))] }
  }
}
