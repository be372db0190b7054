import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type Outputs = inferRouterOutputs<AppRouter>['support']

export type FoundUser = Outputs['searchUsers']['users'][number]
export type ProjectionState = Outputs['projections']['projections'][number]
type UserReplay = Outputs['replayUser']
export type RowChange = UserReplay['changes'][number]
export type WebhookDelivery = Outputs['webhookDeliveries']['deliveries'][number]
export type RebuildProgress = Outputs['rebuilds']['rebuilds'][number]
