import type { Updateable } from 'kysely'
import { subscriptionEventDefinitions } from '#events/subscriptions/subscription.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'

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

async function updateRow(
  trx: Parameters<Projection['apply']>[0],
  userId: string | undefined,
  values: Updateable<SubscriptionsViewTable>,
) {
  if (!userId) return
  await trx.updateTable('subscriptions_view').set(values).where('user_id', '=', userId).execute()
}

/** Each person's current plan period, for the dashboard, /auth/subscription and the expiry job. */
export const subscriptionsViewProjection: Projection = {
  name: 'subscriptions_view',
  version: 1,
  eventTypes: subscriptionEventDefinitions.map((definition) => definition.type),
  apply: async (trx, event) => {
    if (!isEventOf(subscriptionEventDefinitions, event)) return
    switch (event.type) {
      case 'SubscriptionActivated': {
        const row = {
          plan_type: event.data.planType,
          status: 'active' as const,
          period_start: new Date(event.data.periodStart),
          period_end: new Date(event.data.periodEnd),
          interviews_included: event.data.interviewsIncluded,
          carried_over: event.data.carriedOver,
          order_id: event.data.orderId,
          scheduled_plan: null,
          scheduled_at: null,
          updated_at: event.createdAt,
        }
        await trx
          .insertInto('subscriptions_view')
          .values({ user_id: event.data.userId, ...row })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
          .execute()
        return
      }
      case 'InterviewCreditUsed':
      case 'InterviewCreditSettled':
        // Usage lives in the usage view; this view is the plan period.
        return
      case 'SubscriptionExtended':
        await updateRow(trx, event.metadata.userId, {
          period_end: new Date(event.data.periodEnd),
          interviews_included: event.data.interviewsIncluded,
          scheduled_plan: null,
          scheduled_at: null,
          updated_at: event.createdAt,
        })
        return
      case 'PlanChangeScheduled':
        await updateRow(trx, event.metadata.userId, {
          scheduled_plan: event.data.toPlan,
          scheduled_at: new Date(event.data.effectiveAt),
          updated_at: event.createdAt,
        })
        return
      case 'PlanChangeCancelled':
        await updateRow(trx, event.metadata.userId, {
          scheduled_plan: null,
          scheduled_at: null,
          updated_at: event.createdAt,
        })
        return
      case 'PlanChangeApplied':
        await updateRow(trx, event.metadata.userId, {
          plan_type: event.data.toPlan,
          status: 'expired',
          scheduled_plan: null,
          scheduled_at: null,
          updated_at: event.createdAt,
        })
        return
      case 'SubscriptionExpired': {
        const userId = event.metadata.userId
        if (!userId) return
        await trx
          .updateTable('subscriptions_view')
          .set({ status: 'expired', updated_at: event.createdAt })
          .where('user_id', '=', userId)
          .execute()
        return
      }
      default: {
        const unknownEvent: never = event
        return unknownEvent
      }
    }
  },
  truncate: async (trx) => {
    await trx.deleteFrom('subscriptions_view').execute()
  },
  forgetUser: async (trx, userId) => {
    await trx.deleteFrom('subscriptions_view').where('user_id', '=', userId).execute()
  },
}
