import { createContext } from '../trpc/context.ts'
import { reportError } from '../trpc/report-error.ts'
import { appRouter } from '../trpc/router.ts'
import { createRestHandler } from './create-rest-handler.ts'

/** Serves the spec §7 REST paths under /api from the same tRPC procedures as /api/trpc. */
export const handleRestRequest = createRestHandler({
  router: appRouter,
  createContext,
  onError: reportError,
  endpoint: '/api',
})
