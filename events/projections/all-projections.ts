import type { Projection } from './projection.ts'
import { userActivityProjection } from './user-activity.ts'

export const allProjections: readonly Projection[] = [userActivityProjection]
