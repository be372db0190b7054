import { router } from './init.ts'
import { track } from './procedures/analytics/track.ts'
import { mailbox } from './procedures/dev/mailbox.ts'
import { authRouter } from './routers/auth.ts'

export const appRouter = router({
  auth: authRouter,
  analytics: router({ track }),
  dev: router({ mailbox }),
})

export type AppRouter = typeof appRouter
