import type { EventMetadata } from '#events/store/types.ts'

/** A staff member reading a person's history, and where from: the console or the command line. */
export type SupportStaff = { staffId: string; via: 'web' | 'cli'; requestId: string }

/** Metadata of a support reading: the staff member acts, the person it is about owns the event. */
export function supportMetadata(staff: SupportStaff, userId: string): EventMetadata {
  return {
    actor: { type: 'support', id: staff.staffId },
    userId,
    requestId: staff.requestId,
    correlationId: staff.requestId,
  }
}
