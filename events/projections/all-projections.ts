import type { Projection } from './projection.ts'
import { userActivityProjection } from './user-activity.ts'
import { ordersViewProjection } from './orders-view.ts'
import { subscriptionsViewProjection } from './subscriptions-view.ts'
import { usersViewProjection } from './users-view.ts'

export const allProjections: readonly Projection[] = [userActivityProjection, usersViewProjection, subscriptionsViewProjection, ordersViewProjection]
