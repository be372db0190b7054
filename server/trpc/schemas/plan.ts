import { z } from 'zod'
import { featureFlagNames, planIds, type Plan } from '#app.config.ts'
import { billingCycleSchema } from '#server/subscriptions/billing-cycle.ts'

const featureFlags = Object.fromEntries(featureFlagNames.map((name) => [name, z.boolean()])) as Record<
  (typeof featureFlagNames)[number],
  z.ZodBoolean
>

export const featuresSchema = z
  .object({
    maxInterviews: z.number().int().min(0).meta({ description: 'Interviews allowed per billing cycle' }),
    ...featureFlags,
  })
  .meta({ id: 'Features', description: 'What a plan unlocks' })

export const planSchema = z
  .object({
    planId: z.enum(planIds),
    name: z.string(),
    description: z.string(),
    amount: z.number().int().nonnegative().meta({ description: 'Price per month in paise (1/100 INR)' }),
    currency: z.literal('INR'),
    originalAmount: z.number().int().nonnegative().meta({ description: 'Struck-through original price, in paise' }),
    interviews: z.number().int().nonnegative().meta({ description: 'Interviews per month' }),
    billingCycle: billingCycleSchema,
    mostPopular: z.boolean(),
    cta: z.string().meta({ description: 'Call-to-action label of the pricing card' }),
    highlights: z.array(z.string()).meta({ description: 'What the pricing card lists, in order' }),
    features: featuresSchema,
  })
  .meta({ id: 'Plan' }) satisfies z.ZodType<Plan>
