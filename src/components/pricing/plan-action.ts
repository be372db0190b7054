import type { inferRouterOutputs } from '@trpc/server'
import type { Plan } from '#app.catalog.ts'
import { planLifecycle } from '#rules/plan-lifecycle.ts'
import { formatLongDate } from '#src/lib/dates.ts'
import { formatPaise } from '#src/lib/money.ts'
import { planLabel } from '#src/payments/subscription-display.ts'
import type { AppRouter } from '#server/trpc/router.ts'

export type PlanChanges = inferRouterOutputs<AppRouter>['payments']['planChanges']
export type PlanChange = PlanChanges['changes'][number]

/** What confirming does: pay (with the amount shown), schedule the switch, or cancel it. */
export type ConfirmStep = {
  kind: 'pay' | 'schedule' | 'cancel'
  title: string
  lines: string[]
  confirmLabel: string
  /** The amount in paise the person is shown; the order is refused if the server's price differs. */
  amountDue: number
  /** What to say once it is done, where the section's notice does not already say it. */
  done?: string
}

export type PlanAction = {
  /** The button's text. */
  label: string
  /** Marks the card of the plan the person has now. */
  current: boolean
  /** A line under the button: what the click does, or why it cannot. */
  note: string | null
  disabled: boolean
  /** Null: the click goes straight to checkout (no plan yet, as the specification describes). */
  confirm: ConfirmStep | null
}

/**
 * The card's call to action for a signed-in person, from the server's quote: "Current plan",
 * "Upgrade now — pay ₹X today", "Switch to Starter on <date>". Without a quote (signed out, or
 * still loading) the card keeps the plan's own call to action.
 */
export function planAction(plan: Plan, change: PlanChange | undefined, changes: PlanChanges | undefined): PlanAction {
  const plain: PlanAction = { label: plan.cta, current: false, note: null, disabled: false, confirm: null }
  if (!change || !changes) return plain
  const currentName = planLabel(changes.currentPlan)
  const due = formatPaise(change.amountDue)
  const scheduled = changes.scheduledChange
  // Any purchase drops a scheduled switch: the dialog says so before the person pays.
  const dropsSwitch = scheduled
    ? [planLifecycle.purchaseDropsSwitch(planLabel(scheduled.planType), formatLongDate(scheduled.effectiveAt))]
    : []
  switch (change.kind) {
    case 'new':
      return plain
    case 'extend':
      return {
        label: `Extend by a month — pay ${due} today`,
        current: true,
        note: `Your ${plan.name} period ends ${formatLongDate(changes.periodEnd)}; this adds a month, to ${formatLongDate(change.periodEnd)}.`,
        disabled: false,
        confirm: {
          kind: 'pay',
          title: `Extend ${plan.name} by a month?`,
          lines: [
            `Your ${plan.name} period will end on ${formatLongDate(change.periodEnd)} instead of ${formatLongDate(changes.periodEnd)}, with ${plan.interviews} more interviews.`,
            ...dropsSwitch,
            `You pay ${due} today. ${planLifecycle.noRenewal}`,
          ],
          confirmLabel: `Pay ${due}`,
          amountDue: change.amountDue,
        },
      }
    case 'upgrade':
      return {
        label: `Upgrade now — pay ${due} today`,
        current: false,
        note: `${formatPaise(change.listPrice)} less ${formatPaise(change.credit)} for the unused part of your ${currentName} period.`,
        disabled: false,
        confirm: {
          kind: 'pay',
          title: `Upgrade to ${plan.name} now?`,
          lines: [
            `${plan.name} starts as soon as you pay and runs until ${formatLongDate(change.periodEnd)}, with ${plan.interviews} interviews. Your ${currentName} period ends then; its unused interviews do not carry over.`,
            ...dropsSwitch,
            `${formatPaise(change.listPrice)} less ${formatPaise(change.credit)} for the unused part of your ${currentName} period: you pay ${due} today. ${planLifecycle.noRenewal}`,
          ],
          confirmLabel: `Pay ${due}`,
          amountDue: change.amountDue,
        },
      }
    case 'downgrade':
      return {
        label: `Switch to ${plan.name} on ${formatLongDate(change.startsAt)}`,
        current: false,
        note: `Nothing to pay now. You keep ${currentName} until then.`,
        disabled: false,
        confirm: {
          kind: 'schedule',
          title: `Switch to ${plan.name} on ${formatLongDate(change.startsAt)}?`,
          lines: [
            planLifecycle.switchAtPeriodEnd(
              currentName,
              plan.name,
              formatLongDate(change.startsAt),
              formatPaise(change.listPrice),
            ),
            'Nothing is charged now, and you can cancel the switch until then.',
          ],
          confirmLabel: 'Schedule the switch',
          amountDue: 0,
        },
      }
    case 'scheduled':
      return {
        label: `Keep ${currentName} instead`,
        current: false,
        note: `Switching to ${plan.name} on ${formatLongDate(change.startsAt)}. Nothing to pay now.`,
        disabled: false,
        confirm: {
          kind: 'cancel',
          title: `Keep ${currentName}?`,
          lines: [planLifecycle.keepInstead(currentName, plan.name, formatLongDate(change.startsAt))],
          confirmLabel: 'Cancel the switch',
          amountDue: 0,
          done: planLifecycle.switchCancelled(currentName, plan.name, formatLongDate(change.startsAt)),
        },
      }
    case 'unavailable':
      return { label: plan.cta, current: false, note: change.reason, disabled: true, confirm: null }
    default: {
      const unknownKind: never = change.kind
      return unknownKind
    }
  }
}
