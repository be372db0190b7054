import type { Projection } from './projection.ts'
import { userActivityProjection } from './user-activity.ts'
import { interviewHistoryProjection } from './interview-history-view.ts'
import { ordersViewProjection } from './orders-view.ts'
import { usagePeriodsProjection } from './usage-periods-view.ts'
import { subscriptionsViewProjection } from './subscriptions-view.ts'
import { usersViewProjection } from './users-view.ts'
import { contactMailReactor } from '#server/contact/contact-mail-reactor.ts'

export const allProjections: readonly Projection[] = [
  userActivityProjection,
  usersViewProjection,
  subscriptionsViewProjection,
  ordersViewProjection,
  interviewHistoryProjection,
  usagePeriodsProjection,
  contactMailReactor,
]
