import { router } from '#server/trpc/init.ts'
import { analyze } from '#server/trpc/procedures/interview/analyze.ts'
import { generateQuestions } from '#server/trpc/procedures/interview/generate-questions.ts'
import { history } from '#server/trpc/procedures/interview/history.ts'
import { improveCommunication } from '#server/trpc/procedures/interview/improve-communication.ts'
import { question } from '#server/trpc/procedures/interview/question.ts'
import { screenshot } from '#server/trpc/procedures/interview/screenshot.ts'
import { sessionActive } from '#server/trpc/procedures/interview/session-active.ts'
import { sessionEnd } from '#server/trpc/procedures/interview/session-end.ts'
import { sessionStart } from '#server/trpc/procedures/interview/session-start.ts'
import { usageLimits } from '#server/trpc/procedures/interview/usage-limits.ts'
import { usagePeriods } from '#server/trpc/procedures/interview/usage-periods.ts'

export const interviewRouter = router({
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
})
