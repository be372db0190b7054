import { findPlan } from '#app.catalog.ts'
import { nonEmpty } from '#src/lib/text.ts'

export type StatusColor = 'green' | 'red' | 'blue' | 'yellow' | 'gray'

/** Active green; canceled/cancelled red; trialing blue; any other status yellow. */
export function subscriptionStatusColor(status: string | null | undefined): StatusColor {
  switch (status?.trim().toLowerCase()) {
    case 'active':
      return 'green'
    case 'canceled':
    case 'cancelled':
      return 'red'
    case 'trialing':
      return 'blue'
    default:
      return 'yellow'
  }
}

/** The plan's display name; 'No plan' without a paid one (planType 'none' is data, not a name). */
export function planLabel(planType: string | null | undefined): string {
  if (!planType || planType === 'none') return 'No plan'
  return findPlan(planType)?.name ?? planType
}

/** "active" → "Active" for a badge; the colour carries the meaning, the word stays the server's. */
export function statusLabel(status: string | null | undefined): string {
  const value = nonEmpty(status?.trim()) ?? 'none'
  return value.charAt(0).toUpperCase() + value.slice(1)
}

const billingColors: Record<string, StatusColor> = {
  paid: 'green',
  failed: 'red',
  created: 'yellow',
  abandoned: 'gray',
  expired: 'gray',
}
const billingLabels: Record<string, string> = {
  paid: 'Paid',
  failed: 'Failed',
  created: 'Pending',
  abandoned: 'Abandoned',
  expired: 'Expired',
}

/** Why an order without a failure of its own did not end paid. */
const abandonedNote = 'You closed the checkout without paying. A payment that still goes through shows here.'

/** The Failure reason column: the gateway's reason, or what closing the checkout meant. */
export function billingReason(entry: { status: string; failureReason: string | null }): string | null {
  return entry.failureReason ?? (entry.status === 'abandoned' ? abandonedNote : null)
}

/**
 * A billing-history order status: paid, failed, created (checkout not finished), abandoned (the
 * checkout closed unpaid) or expired (never paid in time). A status this page does not know yet
 * shows as the server's word, in grey.
 */
export function billingStatus(status: string): { label: string; color: StatusColor } {
  return { label: billingLabels[status] ?? statusLabel(status), color: billingColors[status] ?? 'gray' }
}

/** "12 days" until the period ends; 'N/A' without a period, as for any missing date. */
export function daysLeftLabel(subscription: { currentPeriodEnd: string | null; daysUntilExpiry: number }): string {
  if (!subscription.currentPeriodEnd) return 'N/A'
  const days = Math.max(0, subscription.daysUntilExpiry)
  return `${days} ${days === 1 ? 'day' : 'days'}`
}
