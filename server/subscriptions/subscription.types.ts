import { z } from 'zod'
import { billingCycleSchema } from './billing-cycle.ts'

/** A person's plan as the API shows it; days left and activity are computed when it is read. */
export const subscriptionSchema = z
  .object({
    planType: z.enum(['none', 'starter', 'professional', 'pro']),
    status: z.enum(['active', 'expired', 'none']).meta({ description: "'none' before any payment" }),
    billingCycle: billingCycleSchema,
    currentPeriodStart: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    daysUntilExpiry: z.number().int(),
    isActive: z.boolean(),
    interviewsIncluded: z
      .number()
      .int()
      .meta({ description: "This period's interviews (the plan's monthly allowance for each month paid into it)" }),
    scheduledChange: z
      .object({ planType: z.enum(['starter', 'professional', 'pro']), effectiveAt: z.string() })
      .nullable()
      .meta({ description: 'A lower plan that takes over when the current period ends; cancellable until then' }),
  })
  .meta({ id: 'Subscription' })

export type Subscription = z.infer<typeof subscriptionSchema>
