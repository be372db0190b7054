import { router } from './init.ts'
import {
  deleteAccountProcedure,
  signOutEverywhereProcedure,
  updateProfileProcedure,
} from './procedures/account/account.ts'
import { track } from './procedures/analytics/track.ts'
import { history } from './procedures/billing/history.ts'
import { mailbox } from './procedures/dev/mailbox.ts'
import { completeCheckout } from './procedures/sandbox/complete-checkout.ts'
import { history as supportHistory, projections, rebuildUser, searchUsers } from './procedures/support/support.ts'
import { authRouter } from './routers/auth.ts'
import { interviewRouter } from './routers/interview.ts'
import { send as sendContactMessage } from './procedures/contact/send.ts'
import { settings as siteSettings } from './procedures/site/settings.ts'

export const appRouter = router({
  auth: authRouter,
  interview: interviewRouter,
  account: router({
    updateProfile: updateProfileProcedure,
    signOutEverywhere: signOutEverywhereProcedure,
    delete: deleteAccountProcedure,
  }),
  analytics: router({ track }),
  dev: router({ mailbox }),
  billing: router({ history }),
  sandbox: router({ completeCheckout }),
  support: router({ history: supportHistory, rebuildUser, searchUsers, projections }),
  contact: router({ send: sendContactMessage }),
  site: router({ settings: siteSettings }),
})

export type AppRouter = typeof appRouter
