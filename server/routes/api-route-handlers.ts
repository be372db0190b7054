import { bridgeErrorResponse } from '#server/routes/error-envelope.ts'
import type { PathItem, SchemaObject } from './openapi-shapes.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What a route's handler is called with: the request, and its path parameters by name. */
export type RouteContext<Params> = { request: Request; params: Params }

/**
 * An /api route that is not a procedure: its handlers by method, and either its description in
 * the API document (the path item, and the component schemas it refers to) or why it has none.
 */
export type ApiRoute = {
  // `never`: a handler may read any path parameters; the file route serving it types them.
  handlers: Partial<Record<Method, (context: never) => Response | Promise<Response>>>
} & ({ openapi: PathItem; schemas?: Record<string, SchemaObject> } | { undocumented: string })

/**
 * The handler an /api route adds beside its own (`...otherMethodsRefused('GET')`): any other
 * method answers 405 in the API's envelope, with `Allow` naming the route's methods (HEAD wherever
 * GET is, which serves it). Without it, the router renders a page for a method the route lacks.
 */
export function otherMethodsRefused(...methods: Method[]) {
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].sort().join(', ')
  return {
    ANY: ({ request }: { request: Request }) =>
      bridgeErrorResponse(
        405,
        `Method ${request.method} is not allowed on ${new URL(request.url).pathname}; use ${allow}`,
        { allow },
      ),
  }
}
