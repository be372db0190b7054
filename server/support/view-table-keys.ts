/**
 * The tables each view projection owns, with the column that names a row and the person it is
 * about. Replay and rebuild read and copy rows through this list, never through a projection's
 * internals; a new view projection adds its tables here (a test checks every view is listed).
 */
export const viewTableKeys = {
  user_activity: [{ table: 'user_activity', key: 'user_id' }],
  users_view: [{ table: 'users_view', key: 'user_id' }],
  subscriptions_view: [{ table: 'subscriptions_view', key: 'user_id' }],
  orders_view: [{ table: 'orders_view', key: 'order_id' }],
  invoices_view: [{ table: 'invoices_view', key: 'order_id' }],
  interview_history: [
    { table: 'interview_sessions_view', key: 'session_id' },
    { table: 'interview_questions_view', key: 'question_id' },
  ],
  usage_periods: [{ table: 'usage_periods_view', key: 'order_id' }],
  interview_review: [
    { table: 'interview_review_sessions', key: 'session_id' },
    { table: 'interview_review_questions', key: 'question_id' },
  ],
} as const satisfies Record<string, readonly { table: string; key: string }[]>

export type ViewTable = { table: string; key: string }

/** The tables of a view projection, or undefined for one that is not a view (a reactor). */
export function tablesOf(projection: string): readonly ViewTable[] | undefined {
  return Object.hasOwn(viewTableKeys, projection) ? viewTableKeys[projection as keyof typeof viewTableKeys] : undefined
}
