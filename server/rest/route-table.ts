import { forEachOpenApiProcedure, getPathRegExp, normalizePath, type OpenApiRouter } from 'trpc-to-openapi'
import { bodyLimitOf } from '#server/trpc/body-limit.ts'

export type RouteLookup =
  { kind: 'found'; maxBodyBytes: number } | { kind: 'wrong-method'; allowed: string[] } | { kind: 'missing' }

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
  return (method, path) => {
    const matching = routes.filter((route) => route.pattern.test(normalizePath(path)))
    if (matching.length === 0) return { kind: 'missing' }
    const found = matching.find((route) => route.method === method)
    if (found) return { kind: 'found', maxBodyBytes: found.maxBodyBytes }
    return { kind: 'wrong-method', allowed: [...new Set(matching.map((route) => route.method))] }
  }
}
