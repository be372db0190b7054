import { z } from 'zod'
import { planIds } from '#app.config.ts'

const planChangeSchema = z
  .object({
    planType: z.enum(planIds),
    kind: z.enum(['new', 'extend', 'upgrade', 'downgrade', 'scheduled', 'unavailable']).meta({
      description:
        'new: a one-month period starts at payment; extend: the active plan again, its period ends a month later; upgrade: a new period starts now, priced at the list price less the unused value of the current period; downgrade: no charge now, the plan takes over when the current period ends; scheduled: that downgrade is already scheduled (cancellable); unavailable: see reason',
    }),
    listPrice: z.number().int().meta({ description: 'The plan’s monthly price, in paise' }),
    credit: z.number().int().meta({ description: 'Unused value of the current period taken off, in paise' }),
    amountDue: z.number().int().meta({ description: 'What a payment now would be, in paise (0 for a downgrade)' }),
    startsAt: z.string().nullable().meta({ description: 'When the change takes effect' }),
    periodEnd: z.string().nullable().meta({ description: 'When the paid period would end' }),
    reason: z.string().nullable().meta({ description: 'Why the change cannot be made now (kind unavailable)' }),
  })
  .meta({ id: 'PlanChange' })

export const planChangesSchema = z
  .object({
    currentPlan: z.enum(planIds).nullable().meta({ description: 'The active plan; null without one' }),
    periodEnd: z.string().nullable(),
    scheduledChange: z
      .object({ planType: z.enum(planIds), effectiveAt: z.string() })
      .nullable()
      .meta({ description: 'A lower plan that takes over when the current period ends' }),
    changes: z.array(planChangeSchema).meta({ description: 'One per plan, in catalog order' }),
  })
  .meta({ id: 'PlanChanges' })

export const planChoiceInput = z.object({
  planType: z.enum(planIds, { error: `planType must be one of ${planIds.join(', ')}` }),
})
