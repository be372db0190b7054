import { z } from 'zod'

/** The answer of each readiness check, as /api/ready reports it (and the OpenAPI document describes it). */
const inngestCheckSchema = z
  .enum(['up', 'down', 'not-checked', 'not-configured'])
  .describe(
    'up/down: a self-hosted or dev Inngest server answered GET /health below 500 within 2 s, or did not; not-checked: Inngest Cloud (not probed); not-configured: jobs run in-process',
  )

const projectionHealthSchema = z.object({
  name: z.string(),
  behind: z.number().int().min(0).describe('Events in the log the projection has not applied yet'),
  halted: z
    .object({
      globalPosition: z.number().int(),
      transactionId: z.string(),
      eventType: z.string(),
      attempts: z.number().int(),
      since: z.string().describe('ISO time of the first failed attempt'),
    })
    .nullable()
    .describe('The event the projection cannot apply, or null while it moves'),
})

export const readinessChecksSchema = z.object({
  database: z.enum(['up', 'down']),
  migrations: z
    .object({ current: z.boolean(), pending: z.array(z.string()) })
    .nullable()
    .describe('Null while the database is down'),
  projections: z.array(projectionHealthSchema).nullable().describe('Null while the database is down'),
  inngest: inngestCheckSchema,
})

export type InngestCheck = z.infer<typeof inngestCheckSchema>
export type ProjectionHealth = z.infer<typeof projectionHealthSchema>
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>
