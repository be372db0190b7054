import { findPlan, type Plan, type PlanId } from '#app.catalog.ts'
import { addOneMonth } from './plan-period.ts'
import { isSubscriptionActive, type SubscriptionState } from './subscription.ts'

/** Razorpay's smallest order, in paise: an upgrade that would cost less cannot be paid. */
const minimumChargePaise = 100

/**
 * What choosing a plan does now, and what it costs (paise). Decided from the subscription stream's
 * state, the same way for the preview, the order and the payment (docs/decisions/0032-plan-changes.md):
 * - new: no active period (none yet, or it ended): a one-month period starts at payment, full price.
 * - extend: the active plan again: its period ends one month later, full price.
 * - upgrade: a dearer plan: a new period starts at payment, priced at the new plan less the unused
 *   value of the current period.
 * - downgrade: a cheaper plan: nothing is charged; it takes over when the current period ends.
 * - scheduled: that downgrade is already scheduled (it can be cancelled).
 * - unavailable: an upgrade the unused value already pays for (a period paid far ahead).
 */
export type PlanChangeQuote =
  | {
      kind: 'new' | 'extend' | 'upgrade'
      planType: PlanId
      currentPlan: PlanId | null
      listPrice: number
      credit: number
      amountDue: number
      startsAt: string
      periodEnd: string
    }
  | {
      kind: 'downgrade' | 'scheduled'
      planType: PlanId
      currentPlan: PlanId
      listPrice: number
      credit: 0
      amountDue: 0
      startsAt: string
      periodEnd: null
    }
  | { kind: 'unavailable'; planType: PlanId; currentPlan: PlanId; reason: string }

export type PayableQuote = Extract<PlanChangeQuote, { kind: 'new' | 'extend' | 'upgrade' }>

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export const planChangeMessages = {
  upgradeAlreadyPaid: (current: string, end: string) =>
    `Your ${current} period is paid until ${longDate(end)} and its unused part is worth more than this plan: choose it when less of the period is left.`,
  notADowngrade: (plan: string) => `${plan} is not a lower plan than the one you have: buy it instead.`,
  nothingScheduled: 'No plan change is scheduled.',
  downgradeIsScheduled: (plan: string, current: string, end: string) =>
    `${plan} is a lower plan than your ${current}: it is scheduled for the end of your period (${longDate(end)}) at no charge now, not bought.`,
} as const

const dayMs = 24 * 60 * 60 * 1000

/**
 * The part of the period not used yet, in paise, by whole days: a day begun counts as unused (in
 * the customer's favour), so the price shown stays the price charged all day long. Rounded down
 * to whole paise.
 */
export function unusedValue(
  state: Pick<SubscriptionState, 'periodStart' | 'periodEnd' | 'periodValue'>,
  now: Date,
): number {
  if (state.periodStart === null || state.periodEnd === null) return 0
  const start = new Date(state.periodStart).getTime()
  const end = new Date(state.periodEnd).getTime()
  const at = Math.max(now.getTime(), start)
  if (end <= start || at >= end) return 0
  const totalDays = Math.max(1, Math.round((end - start) / dayMs))
  const unusedDays = Math.min(totalDays, Math.ceil((end - at) / dayMs))
  return Math.floor((state.periodValue * unusedDays) / totalDays)
}

export function quotePlanChange(state: SubscriptionState, plan: Plan, now: Date): PlanChangeQuote {
  const active = isSubscriptionActive(state, now)
  const current = state.planType === 'none' ? undefined : findPlan(state.planType)
  if (!active || !current || state.periodEnd === null) {
    return {
      kind: 'new',
      planType: plan.planId,
      currentPlan: current?.planId ?? null,
      listPrice: plan.amount,
      credit: 0,
      amountDue: plan.amount,
      startsAt: now.toISOString(),
      periodEnd: addOneMonth(now).toISOString(),
    }
  }
  const periodEnd = state.periodEnd
  if (plan.planId === current.planId) {
    return {
      kind: 'extend',
      planType: plan.planId,
      currentPlan: current.planId,
      listPrice: plan.amount,
      credit: 0,
      amountDue: plan.amount,
      startsAt: now.toISOString(),
      periodEnd: addOneMonth(new Date(periodEnd)).toISOString(),
    }
  }
  if (plan.amount < current.amount) {
    return {
      kind: state.scheduledChange?.toPlan === plan.planId ? 'scheduled' : 'downgrade',
      planType: plan.planId,
      currentPlan: current.planId,
      listPrice: plan.amount,
      credit: 0,
      amountDue: 0,
      startsAt: periodEnd,
      periodEnd: null,
    }
  }
  const credit = unusedValue(state, now)
  const amountDue = plan.amount - credit
  if (amountDue < minimumChargePaise) {
    return {
      kind: 'unavailable',
      planType: plan.planId,
      currentPlan: current.planId,
      reason: planChangeMessages.upgradeAlreadyPaid(current.name, periodEnd),
    }
  }
  return {
    kind: 'upgrade',
    planType: plan.planId,
    currentPlan: current.planId,
    listPrice: plan.amount,
    credit,
    amountDue,
    startsAt: now.toISOString(),
    periodEnd: addOneMonth(now).toISOString(),
  }
}
