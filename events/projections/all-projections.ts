import type { Projection } from './projection.ts'
import { userActivityProjection } from './user-activity.ts'
import { usersViewProjection } from './users-view.ts'

export const allProjections: readonly Projection[] = [userActivityProjection, usersViewProjection]
