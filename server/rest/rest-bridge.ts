import { createContext } from '#server/trpc/context.ts'
import { reportError } from '#server/trpc/report-error.ts'
import { appRouter } from '#server/trpc/router.ts'
import { createRestHandler } from './create-rest-handler.ts'
import { createRouteTable } from './route-table.ts'

const endpoint = '/api'

/** Serves the desktop app's REST paths under /api from the same tRPC procedures as /api/trpc. */
export const handleRestRequest = createRestHandler({
  router: appRouter,
  createContext,
  onError: reportError,
  endpoint,
})

const lookupRoute = createRouteTable(appRouter)

/** Whether a procedure serves this path (under /api), with this method or another. */
export function isRestPath(method: string, pathname: string): boolean {
  if (!pathname.startsWith(`${endpoint}/`)) return false
  return lookupRoute(method.toUpperCase(), pathname.slice(endpoint.length)).kind !== 'missing'
}
