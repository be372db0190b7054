import { describe, expect, it } from 'vitest'
import {
  billingStatus,
  daysLeftLabel,
  planLabel,
  statusLabel,
  subscriptionStatusColor,
} from '#src/payments/subscription-display.ts'

describe('subscription status colour', () => {
  it('is green for active, red for canceled or cancelled, blue for trialing', () => {
    expect(subscriptionStatusColor('active')).toBe('green')
    expect(subscriptionStatusColor('canceled')).toBe('red')
    expect(subscriptionStatusColor('cancelled')).toBe('red')
    expect(subscriptionStatusColor('trialing')).toBe('blue')
  })

  it('ignores case and surrounding spaces', () => {
    expect(subscriptionStatusColor('Active')).toBe('green')
    expect(subscriptionStatusColor(' CANCELLED ')).toBe('red')
  })

  it('is yellow for any other status, or none', () => {
    for (const status of ['expired', 'none', 'past_due', 'paused', '', null, undefined])
      expect(subscriptionStatusColor(status)).toBe('yellow')
  })
})

describe('plan and status labels', () => {
  it("names the plan, and says 'none' without one", () => {
    expect(planLabel('professional')).toBe('Professional')
    expect(planLabel('none')).toBe('none')
    expect(planLabel(null)).toBe('none')
  })

  it('capitalises the status word', () => {
    expect(statusLabel('active')).toBe('Active')
    expect(statusLabel(null)).toBe('None')
  })

  it('colours billing entries: paid green, failed red, unfinished yellow', () => {
    expect(billingStatus('paid')).toEqual({ label: 'Paid', color: 'green' })
    expect(billingStatus('failed')).toEqual({ label: 'Failed', color: 'red' })
    expect(billingStatus('created')).toEqual({ label: 'Pending', color: 'yellow' })
  })

  it("counts the days left, 'N/A' without a period", () => {
    expect(daysLeftLabel({ currentPeriodEnd: '2026-12-01T00:00:00.000Z', daysUntilExpiry: 30 })).toBe('30 days')
    expect(daysLeftLabel({ currentPeriodEnd: '2026-12-01T00:00:00.000Z', daysUntilExpiry: 1 })).toBe('1 day')
    expect(daysLeftLabel({ currentPeriodEnd: '2026-12-01T00:00:00.000Z', daysUntilExpiry: -3 })).toBe('0 days')
    expect(daysLeftLabel({ currentPeriodEnd: null, daysUntilExpiry: 0 })).toBe('N/A')
  })
})
