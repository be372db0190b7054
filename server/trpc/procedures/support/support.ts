import { z } from 'zod'
import { findUsers, userHistory } from '#server/support/user-history.ts'
import { supportProcedure } from '#server/trpc/init.ts'

const userIdInput = z.object({ userId: z.string().trim().min(1, 'userId is required').max(100) })

export const history = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/users/{userId}/events',
      tags: ['support'],
      summary: "A person's whole event history (support staff)",
      protect: true,
    },
  })
  .input(userIdInput)
  .output(
    z.object({
      userId: z.string(),
      erased: z.boolean(),
      events: z.array(
        z.object({
          eventId: z.string(),
          type: z.string(),
          streamId: z.string(),
          streamPosition: z.number(),
          globalPosition: z.number(),
          schemaVersion: z.number(),
          createdAt: z.string(),
          actor: z.object({ type: z.string(), id: z.string().optional() }),
          requestId: z.string().nullable(),
          data: z.unknown(),
        }),
      ),
    }),
  )
  .query(({ ctx, input }) => userHistory(ctx.runtime, input.userId))

export const rebuildUser = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/users/{userId}/rebuild',
      tags: ['support'],
      summary: "Rebuild a person's views from their events (support staff)",
      protect: true,
    },
  })
  .input(userIdInput)
  .output(z.object({ projections: z.array(z.object({ projection: z.string(), replayed: z.number() })) }))
  .mutation(async ({ ctx, input }) => ({ projections: await ctx.runtime.projections.rebuildUser(input.userId) }))

export const searchUsers = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/users',
      tags: ['support'],
      summary: 'Find people by e-mail or id, erased ones included (support staff)',
      protect: true,
    },
  })
  .input(z.object({ query: z.string().trim().min(2, 'query must be at least 2 characters').max(254) }))
  .output(
    z.object({
      users: z.array(
        z.object({
          userId: z.string(),
          email: z.string().nullable(),
          name: z.string().nullable(),
          status: z.string(),
          role: z.string(),
          createdAt: z.string(),
          lastLoginAt: z.string().nullable(),
          erasedAt: z.string().nullable(),
        }),
      ),
    }),
  )
  .query(async ({ ctx, input }) => ({ users: await findUsers(ctx.runtime, input.query) }))

export const projections = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/projections',
      tags: ['support'],
      summary: 'Where each projection stands (support staff)',
      protect: true,
    },
  })
  .input(z.void())
  .output(
    z.object({
      projections: z.array(
        z.object({
          name: z.string(),
          version: z.number(),
          storedVersion: z.number().optional(),
          eventsApplied: z.number(),
          checkpoint: z.object({ transactionId: z.string(), globalPosition: z.number() }),
        }),
      ),
    }),
  )
  .query(async ({ ctx }) => ({
    projections: (await ctx.runtime.projections.status()).map(({ updatedAt: _updatedAt, ...rest }) => rest),
  }))
