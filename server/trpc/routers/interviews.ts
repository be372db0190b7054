import { router } from '#server/trpc/init.ts'
import { analyze } from '#server/trpc/procedures/interviews/analyze.ts'
import { generateQuestions } from '#server/trpc/procedures/interviews/generate-questions.ts'
import { history } from '#server/trpc/procedures/interviews/history.ts'
import { improveCommunication } from '#server/trpc/procedures/interviews/improve-communication.ts'
import { question } from '#server/trpc/procedures/interviews/question.ts'
import { screenshot } from '#server/trpc/procedures/interviews/screenshot.ts'
import { sessionActive } from '#server/trpc/procedures/interviews/session-active.ts'
import { sessionEnd } from '#server/trpc/procedures/interviews/session-end.ts'
import { sessionStart } from '#server/trpc/procedures/interviews/session-start.ts'
import { usageLimits } from '#server/trpc/procedures/interviews/usage-limits.ts'
import { usagePeriods } from '#server/trpc/procedures/interviews/usage-periods.ts'
import { sessionReview } from '#server/trpc/procedures/interviews/session-review.ts'
import { sessionReviewCounts } from '#server/trpc/procedures/interviews/session-review-counts.ts'
import { insights } from '#server/trpc/procedures/interviews/insights.ts'
import { rateAnswer } from '#server/trpc/procedures/interviews/rate-answer.ts'

export const interviewsRouter = router({
  sessionStart,
  sessionEnd,
  sessionActive,
  usageLimits,
  usagePeriods,
  history,
  question,
  analyze,
  screenshot,
  generateQuestions,
  improveCommunication,
  sessionReview,
  sessionReviewCounts,
  insights,
  rateAnswer,
})
