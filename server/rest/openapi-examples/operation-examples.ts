import { accountExamples } from './account.ts'
import { appExamples } from './app.ts'
import { authExamples } from './auth.ts'
import { contactExamples } from './contact.ts'
import { developmentExamples } from './development.ts'
import { healthExamples } from './health.ts'
import { interviewExamples } from './interview.ts'
import { interviewReviewExamples } from './interview-review.ts'
import type { DocumentedOperation, OperationExample } from './operation-example.ts'
import { paymentsExamples } from './payments.ts'
import { secondStepExamples } from './second-step.ts'
import { supportExamples } from './support.ts'

/** Every operation's examples: an operation of the document without them does not compile. */
export const operationExamples: Record<DocumentedOperation, OperationExample> = {
  ...authExamples,
  ...paymentsExamples,
  ...interviewExamples,
  ...interviewReviewExamples,
  ...accountExamples,
  ...secondStepExamples,
  ...appExamples,
  ...supportExamples,
  ...contactExamples,
  ...healthExamples,
  ...developmentExamples,
}
