import type { RequestScope } from '#server/request-scope.ts'
import { thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { createContext, scopeOf } from '#server/trpc/context.ts'
import { getRuntime } from '#server/runtime.ts'

/**
 * The request scope of a route that is not a procedure, or the answer when it cannot be built:
 * checking the token reads the database, so an outage must answer 503 here as everywhere else.
 */
export async function routeScope(request: Request): Promise<RequestScope | Response> {
  try {
    return scopeOf(await createContext({ request }))
  } catch (error) {
    return thrownErrorResponse(error, (await getRuntime()).log)
  }
}
