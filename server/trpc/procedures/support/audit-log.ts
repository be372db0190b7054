import { z } from 'zod'
import { supportAuditLog } from '#server/support/timeline/audit-log.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { auditEntrySchema } from '#server/trpc/schemas/support-timeline.ts'

export const auditLog = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/audit',
      operationId: 'support-auditLog',
      tags: ['support'],
      summary: "Support staff's readings of people's histories and reveals of their data, newest first (support staff)",
      protect: true,
    },
  })
  .input(
    z.object({
      userId: z.string().trim().min(1).max(100).optional(),
      before: z.coerce.number().int().positive().optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
  )
  .output(z.object({ entries: z.array(auditEntrySchema), nextBefore: z.number().nullable() }))
  .query(({ ctx, input }) => supportAuditLog(ctx.runtime.db, input))
