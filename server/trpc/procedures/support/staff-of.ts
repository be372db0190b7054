import type { SupportStaff } from '#server/support/timeline/support-staff.ts'

/** The staff member a console request reads as: the signed-in support user, under the request's id. */
export function staffOf(ctx: { user: { id: string }; requestId: string }): SupportStaff {
  return { staffId: ctx.user.id, via: 'web', requestId: ctx.requestId }
}
