import type { EventMetadata } from '#events/store/types.ts'
import type { Runtime } from '#server/runtime.types.ts'

/** What an account operation needs from the request around it. */
export type AccountContext = {
  runtime: Runtime
  requestId: string
  clientIp: string
}

export function metadataFor(
  context: AccountContext,
  userId: string,
  actor: EventMetadata['actor'] = { type: 'user', id: userId },
): EventMetadata {
  return { actor, userId, requestId: context.requestId, correlationId: context.requestId }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase()
