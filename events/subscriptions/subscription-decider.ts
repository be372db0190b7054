import { findPlan, type PlanId } from '../../app.config.ts'
import { DomainError } from '../domain-error.ts'
import { isSubscriptionActive, type SubscriptionEvent, type SubscriptionState } from './subscription.ts'

export type SubscriptionCommand =
  | { type: 'Activate'; userId: string; orderId: string; planType: PlanId; now: Date }
  | { type: 'Expire'; now: Date }

/** A plan period is one calendar month from the moment of payment. */
export function addOneMonth(start: Date): Date {
  const end = new Date(start)
  end.setUTCMonth(end.getUTCMonth() + 1)
  // 31 January + 1 month lands in March; keep it at the last day of February instead.
  if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0)
  return end
}

/**
 * See docs/decisions/0005-plan-periods.md: a payment starts a new one-month period at once, with
 * the purchased plan's interviews plus any left unused from an active period it replaces.
 */
export function decideSubscription(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  switch (command.type) {
    case 'Activate': {
      if (state.activatedOrders.includes(command.orderId)) return []
      const plan = findPlan(command.planType)
      if (!plan) throw new DomainError('unknown-plan', `Unknown plan ${command.planType}`)
      const active = isSubscriptionActive(state, command.now)
      const carriedOver = active ? Math.max(0, state.interviewsIncluded - state.interviewsUsed) : 0
      return [
        {
          type: 'SubscriptionActivated',
          data: {
            userId: command.userId,
            orderId: command.orderId,
            planType: plan.planId,
            periodStart: command.now.toISOString(),
            periodEnd: addOneMonth(command.now).toISOString(),
            interviewsIncluded: plan.interviews + carriedOver,
            carriedOver,
            replacedPlan: active && state.planType !== 'none' ? state.planType : null,
          },
        },
      ]
    }
    case 'Expire':
      if (state.status !== 'active' || state.planType === 'none' || state.periodEnd === null) return []
      if (new Date(state.periodEnd) > command.now) return []
      return [{ type: 'SubscriptionExpired', data: { planType: state.planType, periodEnd: state.periodEnd } }]
    default: {
      const unknownCommand: never = command
      return unknownCommand
    }
  }
}
