import { sql, type Selectable } from 'kysely'
import { subscriptionEventDefinitions } from '#events/subscriptions/subscription.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'
import { noContext, rowFoldApply, type RowFold } from './row-fold.ts'
import { ownedTables } from './owned-tables.ts'

export type SubscriptionsViewTable = {
  user_id: string
  plan_type: string
  status: 'active' | 'expired'
  period_start: Date
  period_end: Date
  interviews_included: number
  carried_over: number
  order_id: string
  /** A lower plan that takes over when the period ends, and when. */
  scheduled_plan: string | null
  scheduled_at: Date | null
  updated_at: Date
}

type SubscriptionRow = Selectable<SubscriptionsViewTable>

/** Each person's plan period row, folded from their subscription events. */
const subscriptionsFold: RowFold<SubscriptionRow> = {
  keyOf: (event) => {
    if (!isEventOf(subscriptionEventDefinitions, event)) return undefined
    if (event.type === 'SubscriptionActivated') return event.data.userId
    if (event.type === 'InterviewCreditUsed' || event.type === 'InterviewCreditSettled') return undefined
    return event.metadata.userId
  },
  context: noContext,
  load: async (trx, keys) => {
    const rows = await trx.selectFrom('subscriptions_view').selectAll().where('user_id', 'in', keys).execute()
    return new Map(rows.map((row) => [row.user_id, row]))
  },
  evolve: (row, event) => {
    if (!isEventOf(subscriptionEventDefinitions, event)) return row
    const updatedAt = event.createdAt
    switch (event.type) {
      case 'SubscriptionActivated':
        return {
          user_id: event.data.userId,
          plan_type: event.data.planType,
          status: 'active',
          period_start: new Date(event.data.periodStart),
          period_end: new Date(event.data.periodEnd),
          interviews_included: event.data.interviewsIncluded,
          carried_over: event.data.carriedOver,
          order_id: event.data.orderId,
          scheduled_plan: null,
          scheduled_at: null,
          updated_at: updatedAt,
        }
      case 'SubscriptionExtended':
        return (
          row && {
            ...row,
            period_end: new Date(event.data.periodEnd),
            interviews_included: event.data.interviewsIncluded,
            scheduled_plan: null,
            scheduled_at: null,
            updated_at: updatedAt,
          }
        )
      case 'PlanChangeScheduled':
        return (
          row && {
            ...row,
            scheduled_plan: event.data.toPlan,
            scheduled_at: new Date(event.data.effectiveAt),
            updated_at: updatedAt,
          }
        )
      case 'PlanChangeCancelled':
        return row && { ...row, scheduled_plan: null, scheduled_at: null, updated_at: updatedAt }
      case 'PlanChangeApplied':
        return (
          row && {
            ...row,
            plan_type: event.data.toPlan,
            status: 'expired',
            scheduled_plan: null,
            scheduled_at: null,
            updated_at: updatedAt,
          }
        )
      case 'SubscriptionExpired':
        return row && { ...row, status: 'expired', updated_at: updatedAt }
      default:
        return row
    }
  },
  save: async (trx, rows) => {
    const time = (value: Date | null) => (value === null ? null : new Date(value).toISOString())
    await sql`insert into subscriptions_view (user_id, plan_type, status, period_start, period_end,
        interviews_included, carried_over, order_id, scheduled_plan, scheduled_at, updated_at)
      select * from unnest(
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.plan_type)}::text[],
        ${rows.map((row) => row.status)}::text[],
        ${rows.map((row) => time(row.period_start))}::timestamptz[],
        ${rows.map((row) => time(row.period_end))}::timestamptz[],
        ${rows.map((row) => row.interviews_included)}::integer[],
        ${rows.map((row) => row.carried_over)}::integer[],
        ${rows.map((row) => row.order_id)}::text[],
        ${rows.map((row) => row.scheduled_plan)}::text[],
        ${rows.map((row) => time(row.scheduled_at))}::timestamptz[],
        ${rows.map((row) => time(row.updated_at))}::timestamptz[])
      on conflict (user_id) do update set plan_type = excluded.plan_type, status = excluded.status,
        period_start = excluded.period_start, period_end = excluded.period_end,
        interviews_included = excluded.interviews_included, carried_over = excluded.carried_over,
        order_id = excluded.order_id, scheduled_plan = excluded.scheduled_plan,
        scheduled_at = excluded.scheduled_at, updated_at = excluded.updated_at`.execute(trx)
  },
}

/** Each person's current plan period, for the dashboard, /auth/subscription and the expiry job. */
export const subscriptionsViewProjection: Projection = {
  name: 'subscriptions_view',
  version: 1,
  eventTypes: subscriptionEventDefinitions.map((definition) => definition.type),
  // Usage lives in the usage view; this view is the plan period.
  ...rowFoldApply(subscriptionsFold),
  ...ownedTables({ table: 'subscriptions_view', key: 'user_id' }),
}
