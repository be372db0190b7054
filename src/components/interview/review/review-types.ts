import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type Outputs = inferRouterOutputs<AppRouter>['interviews']

type SessionReview = Outputs['sessionReview']
export type ReviewSummary = SessionReview['summary']
export type ReviewQuestion = SessionReview['questions'][number]
export type PracticeItem = SessionReview['practice'][number]
export type ReviewCounts = Outputs['sessionReviewCounts']
