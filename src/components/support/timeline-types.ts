import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type Outputs = inferRouterOutputs<AppRouter>['support']

export type TimelineEvent = Outputs['timeline']['events'][number]
export type TimeTravelView = Outputs['timeTravel']

/** The timeline's filters as the console holds them (the query string also takes one value for a list). */
export type TimelineQuery = {
  types: string[]
  streams: string[]
  from?: string | undefined
  to?: string | undefined
  correlationId?: string | undefined
}
