import { router } from './init.ts'
import { accountsRouter } from './routers/accounts.ts'
import { desktopAppRouter } from './routers/app.ts'
import { interviewsRouter } from './routers/interviews.ts'
import { paymentsRouter } from './routers/payments.ts'
import { siteRouter } from './routers/site.ts'
import { supportRouter } from './routers/support.ts'

// Procedures on the REST bridge pin their operationId: the desktop assistant's generated client
// names its methods after it, so renaming a tRPC path here must not rename them there.
export const appRouter = router({
  accounts: accountsRouter,
  payments: paymentsRouter,
  interviews: interviewsRouter,
  support: supportRouter,
  site: siteRouter,
  app: desktopAppRouter,
})

export type AppRouter = typeof appRouter
