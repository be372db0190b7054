import { findPlan, type PlanId } from '#app.catalog.ts'
import { DomainError } from '#events/domain-error.ts'
import { planLifecycle } from '#rules/plan-lifecycle.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import { commandHandler } from '#events/store/command-handler.ts'
import { planChangeMessages, quotePlanChange } from './plan-change.ts'
import { addOneMonth } from './plan-period.ts'
import { refuseErasedOwner, type Owner } from '#events/users/owner.ts'
import {
  evolveSubscription,
  initialSubscriptionState,
  isSubscriptionActive,
  subscriptionEventDefinitions,
  subscriptionStreamId,
  type SubscriptionEvent,
  subscriptionStateSchema,
  type SubscriptionState,
} from './subscription.ts'

export type SubscriptionCommand =
  | { type: 'Activate'; userId: string; orderId: string; planType: PlanId; now: Date }
  | { type: 'SchedulePlanChange'; owner: Owner; planType: PlanId; now: Date }
  | { type: 'CancelPlanChange'; owner: Owner; now: Date }
  | { type: 'Expire'; now: Date }
  | { type: 'UseInterviewCredit'; owner: Owner; sessionId: string; now: Date }
  | { type: 'SettleInterviewCredit'; sessionId: string; counted: boolean; reason: string }

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export const usageMessages = {
  noPlan: "You don't have an active plan. Choose a plan on the pricing page to start interviews.",
  expired: (plan: string, end: string) =>
    `Your ${plan} plan ended on ${longDate(end)}; plans do not renew by themselves. Buy a plan on the pricing page to start interviews.`,
  switched: (from: string, plan: string, end: string) =>
    `Your ${from} plan ended on ${longDate(end)} and your account now shows ${plan}, which is not paid for yet. Buy it on the pricing page to start interviews.`,
  sessionActive: (sessionId: string) =>
    `An interview session is already active (${sessionId}). Continue it, or end it before starting another.`,
  limitReached: (plan: string, included: number, end: string) =>
    planLifecycle.interviewsUsedUp(plan, included, longDate(end)),
} as const

function requirePlan(planId: string) {
  const plan = findPlan(planId)
  if (!plan) throw new DomainError('unknown-plan', `Unknown plan ${planId}`)
  return plan
}

/**
 * See docs/decisions/0032-plan-changes.md. A payment is decided when it arrives, on the state of
 * then (the period may have ended, or changed, since the order was quoted): the active plan again
 * extends its period; anything else starts a new one-month period at once with exactly its plan's
 * interviews (unused ones end with their period: an upgrade credited their time in money).
 */
function decideSubscription(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  switch (command.type) {
    case 'Activate': {
      if (state.activatedOrders.includes(command.orderId)) return []
      const plan = requirePlan(command.planType)
      const active = isSubscriptionActive(state, command.now)
      if (active && state.planType === plan.planId && state.periodEnd !== null && state.currentOrderId !== null) {
        return [
          {
            type: 'SubscriptionExtended',
            data: {
              orderId: command.orderId,
              periodOrderId: state.currentOrderId,
              planType: plan.planId,
              previousPeriodEnd: state.periodEnd,
              periodEnd: addOneMonth(new Date(state.periodEnd)).toISOString(),
              interviewsAdded: plan.interviews,
              interviewsIncluded: state.interviewsIncluded + plan.interviews,
              valueAdded: plan.amount,
            },
          },
        ]
      }
      return [
        {
          type: 'SubscriptionActivated',
          data: {
            userId: command.userId,
            orderId: command.orderId,
            planType: plan.planId,
            periodStart: command.now.toISOString(),
            periodEnd: addOneMonth(command.now).toISOString(),
            interviewsIncluded: plan.interviews,
            carriedOver: 0,
            replacedPlan: active && state.planType !== 'none' ? state.planType : null,
            periodValue: plan.amount,
          },
        },
      ]
    }
    case 'SchedulePlanChange': {
      refuseErasedOwner(command.owner)
      const plan = requirePlan(command.planType)
      const quote = quotePlanChange(state, plan, command.now)
      if (quote.kind === 'scheduled') return []
      if (quote.kind !== 'downgrade') {
        if (quote.kind === 'new') throw new DomainError('no-active-plan', usageMessages.noPlan)
        throw new DomainError('plan-change-refused', planChangeMessages.notADowngrade(plan.name))
      }
      return [
        {
          type: 'PlanChangeScheduled',
          data: { fromPlan: quote.currentPlan, toPlan: plan.planId, effectiveAt: quote.startsAt },
        },
      ]
    }
    case 'CancelPlanChange': {
      refuseErasedOwner(command.owner)
      const scheduled = state.scheduledChange
      if (scheduled === null || !isSubscriptionActive(state, command.now))
        throw new DomainError('not-found', planChangeMessages.nothingScheduled)
      return [{ type: 'PlanChangeCancelled', data: scheduled }]
    }
    case 'UseInterviewCredit': {
      refuseErasedOwner(command.owner)
      const plan = state.planType === 'none' ? undefined : findPlan(state.planType)
      if (!plan || state.periodEnd === null || state.currentOrderId === null)
        throw new DomainError('no-active-plan', usageMessages.noPlan)
      if (!isSubscriptionActive(state, command.now)) {
        const from = state.switchedFrom === null ? undefined : findPlan(state.switchedFrom)
        throw new DomainError(
          'no-active-plan',
          from
            ? usageMessages.switched(from.name, plan.name, state.periodEnd)
            : usageMessages.expired(plan.name, state.periodEnd),
        )
      }
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
    case 'Expire': {
      if (state.status !== 'active' || state.planType === 'none' || state.periodEnd === null) return []
      if (new Date(state.periodEnd) > command.now) return []
      const expired: SubscriptionEvent = {
        type: 'SubscriptionExpired',
        data: { planType: state.planType, periodEnd: state.periodEnd },
      }
      const scheduled = state.scheduledChange
      if (scheduled === null) return [expired]
      return [
        expired,
        {
          type: 'PlanChangeApplied',
          data: { fromPlan: state.planType, toPlan: scheduled.toPlan, effectiveAt: scheduled.effectiveAt },
        },
      ]
    }
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
  // Bump the version in this key whenever evolveSubscription, the state or an upcaster changes.
  snapshot: { key: 'subscription:v1', state: subscriptionStateSchema },
} satisfies Aggregate<SubscriptionState, typeof subscriptionEventDefinitions, SubscriptionCommand>

/** Every command on a person's plan goes through this handler. */
export const subscriptionCommands = commandHandler(subscriptionAggregate)
