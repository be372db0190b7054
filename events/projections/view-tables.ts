import type { UserActivityTable } from './user-activity.ts'
import type { InterviewQuestionsViewTable, InterviewSessionsViewTable } from './interview-history-view.ts'
import type { OrdersViewTable } from './orders-view.ts'
import type { InvoicesViewTable } from './invoices-view.ts'
import type { UsagePeriodsViewTable } from './usage-periods-view.ts'
import type { SubscriptionsViewTable } from './subscriptions-view.ts'
import type { UsersViewTable } from './users-view.ts'
import type { ProjectionFailuresTable } from './projection-failures.ts'
import type { InterviewReviewQuestionsTable, InterviewReviewSessionsTable } from './interview-review-view.ts'

/** The projected views' tables, for kysely's types. Each projection file defines its own. */
export type ViewTables = {
  user_activity: UserActivityTable
  users_view: UsersViewTable
  subscriptions_view: SubscriptionsViewTable
  orders_view: OrdersViewTable
  invoices_view: InvoicesViewTable
  interview_sessions_view: InterviewSessionsViewTable
  interview_questions_view: InterviewQuestionsViewTable
  usage_periods_view: UsagePeriodsViewTable
  interview_review_sessions: InterviewReviewSessionsTable
  interview_review_questions: InterviewReviewQuestionsTable
  /** Projections halted at an event they could not apply (the runner's, not a view). */
  projection_failures: ProjectionFailuresTable
}
