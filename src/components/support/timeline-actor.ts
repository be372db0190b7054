import type { TimelineEvent } from './timeline-types.ts'

/** Who acted, as support reads it: the person, staff, a job, or Razorpay with its event id. */
export function actorLabel(actor: TimelineEvent['actor'], userId: string): string {
  switch (actor.type) {
    case 'user':
      return actor.id === userId ? 'the person' : `user ${actor.id ?? ''}`
    case 'support':
      return `support staff ${actor.id ?? ''}`
    case 'system':
      return `job ${actor.id ?? ''}`
    case 'webhook':
      return `Razorpay webhook ${actor.id ?? ''}`
    case 'anonymous':
      return 'anonymous (signed out)'
  }
}
