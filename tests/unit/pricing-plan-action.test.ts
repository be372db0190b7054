import { describe, expect, it } from 'vitest'
import { findPlan, type Plan, type PlanId } from '#app.catalog.ts'
import { planAction, type PlanChange, type PlanChanges } from '#src/components/pricing/plan-action.ts'

const plan = (id: PlanId): Plan => {
  const found = findPlan(id)
  if (!found) throw new Error(id)
  return found
}
const periodEnd = '2026-12-24T10:00:00.000Z'
const quote = (change: Partial<PlanChange> & Pick<PlanChange, 'planType' | 'kind'>): PlanChange => ({
  listPrice: plan(change.planType).amount,
  credit: 0,
  amountDue: plan(change.planType).amount,
  startsAt: '2026-11-24T10:00:00.000Z',
  periodEnd: null,
  reason: null,
  ...change,
})
const on = (currentPlan: PlanId | null, changes: PlanChange[]): PlanChanges => ({
  currentPlan,
  periodEnd: currentPlan ? periodEnd : null,
  scheduledChange: null,
  changes,
})

describe('what a pricing card’s button does for a signed-in person', () => {
  it('keeps the plan’s own call to action without a quote or without a plan, and goes straight to checkout', () => {
    expect(planAction(plan('starter'), undefined, undefined)).toEqual({
      label: 'Get your starter pack now',
      current: false,
      note: null,
      disabled: false,
      confirm: null,
    })
    const first = quote({ planType: 'pro', kind: 'new' })
    expect(planAction(plan('pro'), first, on(null, [first]))).toMatchObject({ label: 'Go Pro', confirm: null })
  })

  it('marks the current plan and offers to extend it, for its price, after asking', () => {
    const extend = quote({ planType: 'starter', kind: 'extend', periodEnd: '2027-01-24T10:00:00.000Z' })
    const action = planAction(plan('starter'), extend, on('starter', [extend]))
    expect(action).toMatchObject({ label: 'Extend by a month — pay ₹99 today', current: true })
    expect(action.confirm).toMatchObject({ kind: 'pay', confirmLabel: 'Pay ₹99', amountDue: 9900 })
  })

  it('prices an upgrade today, credit shown, in rupees and paise when there are any', () => {
    const upgrade = quote({ planType: 'pro', kind: 'upgrade', credit: 6976, amountDue: 42924, periodEnd })
    const action = planAction(plan('pro'), upgrade, on('professional', [upgrade]))
    expect(action.label).toBe('Upgrade now — pay ₹429.24 today')
    expect(action.note).toBe('₹499 less ₹69.76 for the unused part of your Professional period.')
    expect(action.confirm).toMatchObject({
      title: 'Upgrade to Pro now?',
      confirmLabel: 'Pay ₹429.24',
      amountDue: 42924,
    })
  })

  it('schedules a downgrade for the period’s end with nothing to pay, and offers to cancel it once scheduled', () => {
    const downgrade = quote({ planType: 'starter', kind: 'downgrade', amountDue: 0, startsAt: periodEnd })
    const action = planAction(plan('starter'), downgrade, on('pro', [downgrade]))
    expect(action).toMatchObject({
      label: 'Switch to Starter on December 24, 2026',
      note: 'Nothing to pay now. You keep Pro until then.',
    })
    expect(action.confirm).toMatchObject({ kind: 'schedule', confirmLabel: 'Schedule the switch', amountDue: 0 })
    const scheduled = { ...downgrade, kind: 'scheduled' as const }
    expect(planAction(plan('starter'), scheduled, on('pro', [scheduled]))).toMatchObject({
      label: 'Keep Pro instead',
      confirm: { kind: 'cancel', confirmLabel: 'Cancel the switch' },
    })
  })

  it('disables an upgrade that cannot be made now, saying why', () => {
    const unavailable = quote({ planType: 'pro', kind: 'unavailable', reason: 'Paid far ahead.' })
    expect(planAction(plan('pro'), unavailable, on('professional', [unavailable]))).toMatchObject({
      disabled: true,
      note: 'Paid far ahead.',
      confirm: null,
    })
  })
})
