import { forEachOpenApiProcedure } from 'trpc-to-openapi'
import { describe, expect, it } from 'vitest'
import { apiRoutes } from '#server/routes/api-routes.ts'
import { openApiDocument } from '#server/rest/openapi-document.ts'
import { appRouter } from '#server/trpc/router.ts'

type FileRoute = { Route: { options: { server?: { handlers?: Record<string, unknown> } } } }

const fileRoutes = import.meta.glob<FileRoute>('../../src/routes/api/**/*.ts', { eager: true })

// They sit above the REST layer the list's description feeds: the document itself, and the 404
// for an address under /api that nothing serves.
const aboveTheList = new Set(['/api/openapi.json', '/api/$'])

/** `../../src/routes/api/billing/invoices/$orderId/pdf.ts` → `/api/billing/invoices/$orderId/pdf`. */
const routePathOf = (file: string) =>
  file.replace('../../src/routes', '').replace(/\.ts$/, '').replace('[.]', '.').replace(/\.\$$/, '/$')

const served = Object.fromEntries(
  Object.entries(fileRoutes)
    .map(([file, module]) => [routePathOf(file), module.Route.options.server?.handlers ?? {}] as const)
    .filter(([path]) => !aboveTheList.has(path)),
)

const listed: Record<string, { handlers: Record<string, unknown>; openapi?: unknown; undocumented?: string }> =
  apiRoutes

/** `/api/interview/sessions/$id/review/pdf` → `/interview/sessions/{id}/review/pdf`, as the document (server /api) names it. */
const documentPathOf = (path: string) => path.replace(/^\/api/, '').replace(/\$(\w+)/g, '{$1}')

describe('the /api routes that are not procedures', () => {
  it('are served from the one list, each method by its handler there, any other refused', () => {
    expect(Object.keys(served).sort()).toEqual(Object.keys(listed).sort())
    for (const [path, handlers] of Object.entries(served)) {
      const route = listed[path]
      expect(route, path).toBeDefined()
      for (const [method, handler] of Object.entries(route?.handlers ?? {}))
        expect(handlers[method], `${method} ${path}`).toBe(handler)
      expect(Object.keys(handlers).sort(), path).toEqual([...Object.keys(route?.handlers ?? {}), 'ANY'].sort())
    }
  })

  it('are each described in the API document, or say why not', () => {
    for (const [path, route] of Object.entries(listed))
      expect(route.openapi !== undefined || (route.undocumented ?? '').length > 0, path).toBe(true)
  })

  it('make up the document with the procedures, each described route with the methods it serves', () => {
    const document = openApiDocument({ devMailbox: true })
    const procedurePaths = new Set<string>()
    forEachOpenApiProcedure(appRouter._def.procedures, ({ meta }) => procedurePaths.add(meta.openapi.path))
    const routePaths = Object.entries(listed)
      .filter(([, route]) => route.openapi !== undefined)
      .map(([path, route]) => [documentPathOf(path), route] as const)
    expect(Object.keys(document.paths ?? {}).sort()).toEqual(
      [...procedurePaths, ...routePaths.map(([path]) => path)].sort(),
    )
    for (const [path, route] of routePaths) {
      const methods = Object.keys(document.paths?.[path] ?? {}).filter((key) => key !== 'parameters')
      expect(methods.sort(), path).toEqual(Object.keys(route.handlers).map((method) => method.toLowerCase()))
    }
  })
})
