import { createContext } from '#server/trpc/context.ts'
import { reportError } from '#server/trpc/report-error.ts'
import { appRouter } from '#server/trpc/router.ts'
import { createRestHandler } from './create-rest-handler.ts'

/** Serves the desktop app's REST paths under /api from the same tRPC procedures as /api/trpc. */
export const handleRestRequest = createRestHandler({
  router: appRouter,
  createContext,
  onError: reportError,
  endpoint: '/api',
})
