import type { Actor, EventMetadata } from '#events/store/types.ts'
import { currentRequestContext } from '#server/request-context.ts'
import type { Runtime } from '#server/runtime.types.ts'

/**
 * What a service needs from the request that calls it, built once per request: the runtime, the
 * request's id and address, who is acting, and the metadata the request's events carry.
 */
export type RequestScope = {
  runtime: Runtime
  requestId: string
  /** The client's address, for abuse limits. */
  clientIp: string
  /** Where links in mail sent for this request point (server/http/site-url.ts); PUBLIC_URL without it. */
  siteUrl?: string | undefined
  actor: Actor
  /** The signed-in person, when there is one. */
  userId?: string | undefined
  /** Metadata for an event about `userId`, by default the signed-in person. */
  metadata: (userId?: string) => EventMetadata
}

export type SignedInScope = RequestScope & { userId: string }

type RequestFields = Pick<RequestScope, 'runtime' | 'requestId' | 'clientIp'> & { siteUrl?: string | undefined }

/** The scope of a request, acted by the signed-in person or, without one, anonymously. */
export function createRequestScope(request: RequestFields & { userId?: string | undefined }): RequestScope {
  const { userId } = request
  return userId === undefined ? buildScope(request, { type: 'anonymous' }) : actingAs(request, userId)
}

export function isSignedIn(scope: RequestScope): scope is SignedInScope {
  return scope.userId !== undefined
}

/**
 * The request's scope once the person proved who they are in it (a password, a mailed link, a
 * provider's token): their events name them as the actor.
 */
export function actingAs(request: RequestFields, userId: string): SignedInScope {
  return { ...buildScope(request, { type: 'user', id: userId }, userId), userId }
}

/** For steps anyone may take whoever is signed in (signing up, asking for a reset link): acted anonymously. */
export function asAnonymous(request: RequestFields): RequestScope {
  return buildScope(request, { type: 'anonymous' })
}

function buildScope(
  { runtime, requestId, clientIp, siteUrl }: RequestFields,
  actor: Actor,
  userId?: string,
): RequestScope {
  return {
    runtime,
    requestId,
    clientIp,
    ...(siteUrl === undefined ? {} : { siteUrl }),
    actor,
    ...(userId === undefined ? {} : { userId }),
    metadata: (about = userId) => {
      const idempotencyKey = currentRequestContext()?.idempotencyKey
      return {
        actor,
        ...(about === undefined ? {} : { userId: about }),
        requestId,
        correlationId: requestId,
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      }
    },
  }
}
