import type { Plan } from '#app.catalog.ts'
import { formatPaise } from '#src/lib/money.ts'

/** "₹1,200" → 1200: the displayed price without the currency symbol and the digit grouping. */
export function displayedAmount(price: string): number {
  return Number.parseFloat(price.replace(/[₹,\s]/g, ''))
}

/**
 * One minus price over original, rounded, computed from the displayed prices after
 * stripping the currency symbol and commas. 0 when either price cannot be read.
 */
export function savingsPercent(price: string, originalPrice: string): number {
  const current = displayedAmount(price)
  const original = displayedAmount(originalPrice)
  if (!Number.isFinite(current) || !Number.isFinite(original) || original <= 0) return 0
  return Math.round((1 - current / original) * 100)
}

export type PlanPrices = { price: string; originalPrice: string; savings: number }

/** What a plan card shows: ₹99, the struck-through ₹1,200 and the saving between them. */
export function planPrices(plan: Pick<Plan, 'amount' | 'originalAmount'>): PlanPrices {
  const price = formatPaise(plan.amount)
  const originalPrice = formatPaise(plan.originalAmount)
  return { price, originalPrice, savings: savingsPercent(price, originalPrice) }
}
