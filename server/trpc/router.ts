import { router } from './init.ts'
import { track } from './procedures/analytics/track.ts'
import { history } from './procedures/billing/history.ts'
import { mailbox } from './procedures/dev/mailbox.ts'
import { completeCheckout } from './procedures/sandbox/complete-checkout.ts'
import { authRouter } from './routers/auth.ts'

export const appRouter = router({
  auth: authRouter,
  analytics: router({ track }),
  dev: router({ mailbox }),
  billing: router({ history }),
  sandbox: router({ completeCheckout }),
})

export type AppRouter = typeof appRouter
