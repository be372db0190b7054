import { findPlan, type PlanId } from '#app.catalog.ts'
import { DomainError } from '#events/domain-error.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import { refuseErasedOwner, type Owner } from '#events/users/owner.ts'
import {
  evolveSubscription,
  initialSubscriptionState,
  isSubscriptionActive,
  subscriptionEventDefinitions,
  subscriptionStreamId,
  type SubscriptionEvent,
  type SubscriptionState,
} from './subscription.ts'

export type SubscriptionCommand =
  | { type: 'Activate'; userId: string; orderId: string; planType: PlanId; now: Date }
  | { type: 'Expire'; now: Date }
  | { type: 'UseInterviewCredit'; owner: Owner; sessionId: string; now: Date }
  | { type: 'SettleInterviewCredit'; sessionId: string; counted: boolean; reason: string }

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export const usageMessages = {
  noPlan: "You don't have an active plan. Choose a plan at /pricing to start interviews.",
  expired: (plan: string, end: string) =>
    `Your ${plan} plan ended on ${longDate(end)}. Renew it at /pricing to start interviews.`,
  sessionActive: (sessionId: string) =>
    `An interview session is already active (${sessionId}). Continue it, or end it with POST /interview/session/end before starting another.`,
  limitReached: (plan: string, included: number, end: string) =>
    `You have used all ${included} interviews of your ${plan} plan for this period. Upgrade at /pricing, or wait for your next period after ${longDate(end)}.`,
} as const

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
function decideSubscription(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
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
    case 'UseInterviewCredit': {
      refuseErasedOwner(command.owner)
      const plan = state.planType === 'none' ? undefined : findPlan(state.planType)
      if (!plan || state.periodEnd === null || state.currentOrderId === null)
        throw new DomainError('no-active-plan', usageMessages.noPlan)
      if (!isSubscriptionActive(state, command.now))
        throw new DomainError('no-active-plan', usageMessages.expired(plan.name, state.periodEnd))
      // One session at a time (decision 0027): a second start would take a second interview.
      const active = state.activeSessions.at(-1)
      if (active !== undefined)
        throw new DomainError('session-active', usageMessages.sessionActive(active), { sessionId: active })
      if (state.interviewsUsed >= state.interviewsIncluded) {
        throw new DomainError(
          'limit-reached',
          usageMessages.limitReached(plan.name, state.interviewsIncluded, state.periodEnd),
        )
      }
      return [{ type: 'InterviewCreditUsed', data: { sessionId: command.sessionId, orderId: state.currentOrderId } }]
    }
    case 'SettleInterviewCredit':
      if (!state.activeSessions.includes(command.sessionId)) return []
      return [
        {
          type: 'InterviewCreditSettled',
          data: {
            sessionId: command.sessionId,
            orderId: state.periodSessions.includes(command.sessionId) ? state.currentOrderId : null,
            counted: command.counted,
            reason: command.reason,
          },
        },
      ]
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

export const subscriptionAggregate = {
  events: subscriptionEventDefinitions,
  streamId: subscriptionStreamId,
  initialState: initialSubscriptionState,
  evolve: evolveSubscription,
  decide: decideSubscription,
} satisfies Aggregate<SubscriptionState, typeof subscriptionEventDefinitions, SubscriptionCommand>
