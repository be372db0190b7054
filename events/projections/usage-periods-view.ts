import { sql, type Selectable } from 'kysely'
import { subscriptionEventDefinitions } from '#events/subscriptions/subscription.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'
import { noContext, rowFoldApply, type RowFold } from './row-fold.ts'
import { ownedTables } from './owned-tables.ts'
import type { PlanId } from '#app.catalog.ts'

export type UsagePeriodsViewTable = {
  order_id: string
  user_id: string
  plan_type: PlanId
  period_start: Date
  period_end: Date
  included: number
  used: number
  given_back: number
}

type UsagePeriodRow = Selectable<UsagePeriodsViewTable>

/** Each plan period's usage, folded per period (keyed by the order that started it). */
const usagePeriodsFold: RowFold<UsagePeriodRow> = {
  keyOf: (event) => {
    if (!isEventOf(subscriptionEventDefinitions, event)) return undefined
    switch (event.type) {
      case 'SubscriptionActivated':
      case 'InterviewCreditUsed':
        return event.data.orderId
      case 'InterviewCreditSettled':
        return event.data.counted || event.data.orderId === null ? undefined : event.data.orderId
      case 'SubscriptionExtended':
        return event.data.periodOrderId
      default:
        return undefined
    }
  },
  context: noContext,
  load: async (trx, keys) => {
    const rows = await trx.selectFrom('usage_periods_view').selectAll().where('order_id', 'in', keys).execute()
    return new Map(rows.map((row) => [row.order_id, row]))
  },
  evolve: (row, event) => {
    if (!isEventOf(subscriptionEventDefinitions, event)) return row
    switch (event.type) {
      case 'SubscriptionActivated':
        return (
          row ?? {
            order_id: event.data.orderId,
            user_id: event.data.userId,
            plan_type: event.data.planType,
            period_start: new Date(event.data.periodStart),
            period_end: new Date(event.data.periodEnd),
            included: event.data.interviewsIncluded,
            used: 0,
            given_back: 0,
          }
        )
      case 'InterviewCreditUsed':
        return row && { ...row, used: row.used + 1 }
      case 'InterviewCreditSettled':
        return row && { ...row, used: row.used - 1, given_back: row.given_back + 1 }
      case 'SubscriptionExtended':
        return row && { ...row, period_end: new Date(event.data.periodEnd), included: event.data.interviewsIncluded }
      default:
        return row
    }
  },
  save: async (trx, rows) => {
    await sql`insert into usage_periods_view (order_id, user_id, plan_type, period_start, period_end, included, used, given_back)
      select * from unnest(
        ${rows.map((row) => row.order_id)}::text[],
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.plan_type)}::text[],
        ${rows.map((row) => new Date(row.period_start).toISOString())}::timestamptz[],
        ${rows.map((row) => new Date(row.period_end).toISOString())}::timestamptz[],
        ${rows.map((row) => row.included)}::integer[],
        ${rows.map((row) => row.used)}::integer[],
        ${rows.map((row) => row.given_back)}::integer[])
      on conflict (order_id) do update set user_id = excluded.user_id, plan_type = excluded.plan_type,
        period_start = excluded.period_start, period_end = excluded.period_end, included = excluded.included,
        used = excluded.used, given_back = excluded.given_back`.execute(trx)
  },
}

/** Interviews used per plan period: /interview/usage-limits and the usage chart read it. */
export const usagePeriodsProjection: Projection = {
  name: 'usage_periods',
  version: 1,
  eventTypes: subscriptionEventDefinitions.map((definition) => definition.type),
  ...rowFoldApply(usagePeriodsFold),
  ...ownedTables({ table: 'usage_periods_view', key: 'order_id' }),
}
