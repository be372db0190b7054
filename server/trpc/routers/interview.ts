import { router } from '../init.ts'
import { analyze } from '../procedures/interview/analyze.ts'
import { generateQuestions } from '../procedures/interview/generate-questions.ts'
import { history } from '../procedures/interview/history.ts'
import { improveCommunication } from '../procedures/interview/improve-communication.ts'
import { question } from '../procedures/interview/question.ts'
import { screenshot } from '../procedures/interview/screenshot.ts'
import { sessionActive } from '../procedures/interview/session-active.ts'
import { sessionEnd } from '../procedures/interview/session-end.ts'
import { sessionStart } from '../procedures/interview/session-start.ts'
import { usageLimits } from '../procedures/interview/usage-limits.ts'
import { usagePeriods } from '../procedures/interview/usage-periods.ts'

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
