import type { Caller } from '#server/interviews/sessions.ts'
import type { Context, ContextUser } from '#server/trpc/context.ts'

export function callerOf(ctx: Context & { user: ContextUser }): Caller {
  return {
    runtime: ctx.runtime,
    userId: ctx.user.id,
    metadata: {
      actor: { type: 'user', id: ctx.user.id },
      userId: ctx.user.id,
      requestId: ctx.requestId,
      correlationId: ctx.requestId,
    },
  }
}
