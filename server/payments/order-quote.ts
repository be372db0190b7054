import type { Plan } from '#app.config.ts'
import { DomainError } from '#events/domain-error.ts'
import { planChangeMessages, type PayableQuote, type PlanChangeQuote } from '#events/subscriptions/plan-change.ts'
import { planLabel } from '#server/subscriptions/plan-label.ts'

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(paise / 100)

export const priceChangedMessage = (now: number, shown: number) =>
  `The price is now ${rupees(now)}, not the ${rupees(shown)} you were shown: please look at it again and confirm.`

/** Only a quote with something to pay becomes an order; a downgrade is scheduled instead. */
export function payableQuote(quote: PlanChangeQuote, plan: Plan): PayableQuote {
  switch (quote.kind) {
    case 'new':
    case 'extend':
    case 'upgrade':
      return quote
    case 'downgrade':
    case 'scheduled':
      throw new DomainError(
        'plan-change-refused',
        planChangeMessages.downgradeIsScheduled(plan.name, planLabel(quote.currentPlan), quote.startsAt),
      )
    case 'unavailable':
      throw new DomainError('plan-change-refused', quote.reason)
    default: {
      const unknownQuote: never = quote
      return unknownQuote
    }
  }
}

/** The line the checkout shows under the amount. */
export function orderDescription(plan: Plan, quote: PayableQuote): string {
  const base = `${plan.name} plan — ${plan.interviews} interviews, 1 month`
  const { kind } = quote
  switch (kind) {
    case 'new':
      return base
    case 'extend':
      return `${base} added to your current period`
    case 'upgrade':
      return `${base} from now — ${rupees(quote.listPrice)} less ${rupees(quote.credit)} unused from your ${planLabel(quote.currentPlan)} period`
    default: {
      const unknownKind: never = kind
      return unknownKind
    }
  }
}
