import { router } from '#server/trpc/init.ts'
import { projections } from '#server/trpc/procedures/support/projections.ts'
import { removeAuthenticators } from '#server/trpc/procedures/support/remove-authenticators.ts'
import { rebuildUser } from '#server/trpc/procedures/support/rebuild-user.ts'
import { retryProjection } from '#server/trpc/procedures/support/retry-projection.ts'
import { searchUsers } from '#server/trpc/procedures/support/search-users.ts'
import { userHistory } from '#server/trpc/procedures/support/user-history.ts'
import { timelineProcedures } from '#server/trpc/procedures/support/timeline-procedures.ts'
import { supportOpsProcedures } from './support-ops.ts'

/** The support console, for support staff only. */
export const supportRouter = router({
  userHistory,
  rebuildUser,
  removeAuthenticators,
  searchUsers,
  projections,
  retryProjection,
  ...timelineProcedures,
  ...supportOpsProcedures,
})
