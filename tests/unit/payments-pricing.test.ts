import { describe, expect, it } from 'vitest'
import { plans } from '#app.catalog.ts'
import { displayedAmount, planPrices, savingsPercent } from '#src/components/pricing/price-display.ts'
import { formatPaise } from '#src/lib/money.ts'

describe('prices on the plan cards', () => {
  it('shows the monthly price from paise and the struck original price with en-IN grouping', () => {
    expect(plans.map((plan) => [plan.planId, planPrices(plan).price, planPrices(plan).originalPrice])).toEqual([
      ['starter', '₹99', '₹1,200'],
      ['professional', '₹299', '₹2,320'],
      ['pro', '₹499', '₹3,920'],
    ])
  })

  it('groups lakhs the Indian way', () => {
    expect(formatPaise(12_000_000)).toBe('₹1,20,000')
  })
})

describe('savings percentage', () => {
  it('is one minus price over original, rounded, from the displayed prices', () => {
    expect(savingsPercent('₹99', '₹1,200')).toBe(92) // 91.75
    expect(savingsPercent('₹299', '₹2,320')).toBe(87) // 87.11
    expect(savingsPercent('₹499', '₹3,920')).toBe(87) // 87.27
    expect(plans.map((plan) => planPrices(plan).savings)).toEqual([92, 87, 87])
  })

  it('strips the currency symbol and every comma before dividing', () => {
    expect(displayedAmount('₹1,20,000')).toBe(120000)
    expect(displayedAmount('₹2,320')).toBe(2320)
    expect(savingsPercent('₹60,000', '₹1,20,000')).toBe(50)
  })

  it('rounds halves up like Math.round', () => {
    expect(savingsPercent('₹875', '₹1,000')).toBe(13) // 12.5
    expect(savingsPercent('₹994', '₹1,000')).toBe(1) // 0.6
  })

  it('is 0 when a price cannot be read or the original is zero', () => {
    expect(savingsPercent('₹99', '₹0')).toBe(0)
    expect(savingsPercent('free', '₹1,200')).toBe(0)
    expect(savingsPercent('₹99', '')).toBe(0)
  })
})
