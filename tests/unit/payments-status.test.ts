import { describe, expect, it } from 'vitest'
import {
  billingReason,
  billingStatus,
  daysLeftLabel,
  planLabel,
  statusLabel,
  subscriptionStatusColor,
} from '#src/payments/subscription-display.ts'
import { shortenId } from '#src/payments/short-id.tsx'

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
  it("names the plan, and says 'No plan' without one", () => {
    expect(planLabel('professional')).toBe('Professional')
    expect(planLabel('none')).toBe('No plan')
    expect(planLabel(null)).toBe('No plan')
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

describe('billing statuses and ids', () => {
  it('shows an expired order as Expired in grey, and a status it does not know as the word itself in grey', () => {
    expect(billingStatus('expired')).toEqual({ label: 'Expired', color: 'gray' })
    expect(billingStatus('refunded')).toEqual({ label: 'Refunded', color: 'gray' })
  })

  it('shows a checkout the person closed as Abandoned in grey, saying so, and a gateway reason as it is', () => {
    expect(billingStatus('abandoned')).toEqual({ label: 'Abandoned', color: 'gray' })
    expect(billingReason({ status: 'abandoned', failureReason: null })).toBe(
      'You closed the checkout without paying. A payment that still goes through shows here.',
    )
    expect(billingReason({ status: 'failed', failureReason: 'Card declined' })).toBe('Card declined')
    expect(billingReason({ status: 'created', failureReason: null })).toBeNull()
  })

  it('shortens a long gateway id to its kind and its last six characters, and leaves a short one whole', () => {
    expect(shortenId('order_Nx1y2z3a4b5c6d')).toBe('order_Nx…4b5c6d')
    expect(shortenId('pay_test_0123456789abcd')).toBe('pay_te…89abcd')
    expect(shortenId('order_short')).toBe('order_short')
    expect(shortenId('0123456789abcdefghij')).toBe('01234…efghij')
  })
})
