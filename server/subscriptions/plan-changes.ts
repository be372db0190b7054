import { findPlan, plans, type PlanId } from '#app.config.ts'
import { DomainError } from '#events/domain-error.ts'
import { quotePlanChange, type PlanChangeQuote } from '#events/subscriptions/plan-change.ts'
import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import { isSubscriptionActive } from '#events/subscriptions/subscription.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { ownerOf, ownerStreamOf } from '#events/users/owner-check.ts'
import type { SignedInScope } from '#server/request-scope.ts'

/** A quote as the API shows it: one flat shape, amounts in paise. */
function quoteView(quote: PlanChangeQuote) {
  if (quote.kind === 'unavailable') {
    return {
      planType: quote.planType,
      kind: quote.kind,
      listPrice: findPlan(quote.planType)?.amount ?? 0,
      credit: 0,
      amountDue: 0,
      startsAt: null,
      periodEnd: null,
      reason: quote.reason,
    }
  }
  return {
    planType: quote.planType,
    kind: quote.kind,
    listPrice: quote.listPrice,
    credit: quote.credit,
    amountDue: quote.amountDue,
    startsAt: quote.startsAt,
    periodEnd: quote.periodEnd,
    reason: null,
  }
}

/**
 * What choosing each plan would do now and what it would cost, decided on the person's
 * subscription stream exactly as the order and the payment will be.
 */
export async function previewPlanChanges(scope: SignedInScope) {
  const { runtime, userId } = scope
  const { state } = await subscriptionCommands.load(runtime.store, userId)
  const now = runtime.clock.now()
  const active = isSubscriptionActive(state, now)
  return {
    currentPlan: active && state.planType !== 'none' ? state.planType : null,
    periodEnd: active ? state.periodEnd : null,
    scheduledChange:
      active && state.scheduledChange
        ? { planType: state.scheduledChange.toPlan, effectiveAt: state.scheduledChange.effectiveAt }
        : null,
    changes: plans.map((plan) => quoteView(quotePlanChange(state, plan, now))),
  }
}

async function decide(scope: SignedInScope, command: { type: 'schedule'; planType: PlanId } | { type: 'cancel' }) {
  const { runtime, userId } = scope
  const now = runtime.clock.now()
  await commandUnit(runtime.store, async (tx) => {
    // The person's stream before their subscription, the order every unit takes them in.
    await tx.readAhead({ streams: [subscriptionCommands.streamOf(userId)], ownerStreams: [ownerStreamOf(userId)] })
    const owner = await ownerOf(tx, userId)
    await subscriptionCommands.handle(
      tx,
      userId,
      command.type === 'schedule'
        ? { type: 'SchedulePlanChange', owner, planType: command.planType, now }
        : { type: 'CancelPlanChange', owner, now },
      scope.metadata(),
    )
  })
  return previewPlanChanges(scope)
}

/** A lower plan for when the current period ends: nothing is charged now. */
export function schedulePlanChange(scope: SignedInScope, planType: PlanId) {
  if (!findPlan(planType)) throw new DomainError('unknown-plan', `Unknown plan: ${planType}`)
  return decide(scope, { type: 'schedule', planType })
}

/** Keeps the current plan after its period: the scheduled lower plan is dropped. */
export function cancelPlanChange(scope: SignedInScope) {
  return decide(scope, { type: 'cancel' })
}
