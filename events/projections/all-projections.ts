import type { Projection } from './projection.ts'
import { userActivityProjection } from './user-activity.ts'
import { interviewHistoryProjection } from './interview-history-view.ts'
import { ordersViewProjection } from './orders-view.ts'
import { invoicesViewProjection } from './invoices-view.ts'
import { usagePeriodsProjection } from './usage-periods-view.ts'
import { subscriptionsViewProjection } from './subscriptions-view.ts'
import { usersViewProjection } from './users-view.ts'
import { interviewReviewProjection } from './interview-review-view.ts'

/** The views the events layer projects; the server adds its own reactors next to them (server/runtime.ts). */
export const viewProjections: readonly Projection[] = [
  userActivityProjection,
  usersViewProjection,
  subscriptionsViewProjection,
  ordersViewProjection,
  invoicesViewProjection,
  interviewHistoryProjection,
  usagePeriodsProjection,
  interviewReviewProjection,
]
