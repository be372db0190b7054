import { bridgeErrorResponse } from '#server/routes/error-envelope.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

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
