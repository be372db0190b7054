import { z } from 'zod'

/**
 * How often a plan is paid for, spelled the same wherever the API names it (plans, orders, the
 * subscription): lower case. Version 1.0 of the document spelled the subscription's "Monthly", so
 * clients compare billing cycles without regard to case.
 */
export const billingCycleSchema = z.literal('monthly').meta({
  id: 'BillingCycle',
  description:
    'How often the plan is paid for, lower case wherever the API names it. Compare it without regard to case: API documents before 1.1.0 spelled the subscription\'s "Monthly".',
})
