import { subscriptionEventDefinitions } from '#events/subscriptions/subscription.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'

export type UsagePeriodsViewTable = {
  order_id: string
  user_id: string
  plan_type: string
  period_start: Date
  period_end: Date
  included: number
  used: number
  given_back: number
}

/** Interviews used per plan period: /interview/usage-limits and the usage chart read it. */
export const usagePeriodsProjection: Projection = {
  name: 'usage_periods',
  version: 1,
  eventTypes: subscriptionEventDefinitions.map((definition) => definition.type),
  apply: async (trx, event) => {
    if (!isEventOf(subscriptionEventDefinitions, event)) return
    switch (event.type) {
      case 'SubscriptionActivated':
        await trx
          .insertInto('usage_periods_view')
          .values({
            order_id: event.data.orderId,
            user_id: event.data.userId,
            plan_type: event.data.planType,
            period_start: new Date(event.data.periodStart),
            period_end: new Date(event.data.periodEnd),
            included: event.data.interviewsIncluded,
            used: 0,
            given_back: 0,
          })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute()
        return
      case 'InterviewCreditUsed':
        await trx
          .updateTable('usage_periods_view')
          .set((eb) => ({ used: eb('used', '+', 1) }))
          .where('order_id', '=', event.data.orderId)
          .execute()
        return
      case 'InterviewCreditSettled':
        if (event.data.counted || event.data.orderId === null) return
        await trx
          .updateTable('usage_periods_view')
          .set((eb) => ({ used: eb('used', '-', 1), given_back: eb('given_back', '+', 1) }))
          .where('order_id', '=', event.data.orderId)
          .execute()
        return
      case 'SubscriptionExtended':
        await trx
          .updateTable('usage_periods_view')
          .set({ period_end: new Date(event.data.periodEnd), included: event.data.interviewsIncluded })
          .where('order_id', '=', event.data.periodOrderId)
          .execute()
        return
      case 'SubscriptionExpired':
      case 'PlanChangeScheduled':
      case 'PlanChangeCancelled':
      case 'PlanChangeApplied':
        return
      default: {
        const unknownEvent: never = event
        return unknownEvent
      }
    }
  },
  truncate: async (trx) => {
    await trx.deleteFrom('usage_periods_view').execute()
  },
  forgetUser: async (trx, userId) => {
    await trx.deleteFrom('usage_periods_view').where('user_id', '=', userId).execute()
  },
}
