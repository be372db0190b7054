import type { ProjectionFailure } from '#events/projections/projection-failures.ts'
import type { Runtime } from '#server/runtime.types.ts'

export type Readiness = { ready: true } | { ready: false; reason: string }

/**
 * Ready to serve when the database answers and no projection is halted at an event it cannot
 * apply: a halted projection's views stop moving, so a load balancer or an operator should know.
 * The reason names projections and positions, never the error text: this answer is public.
 */
export async function readiness(runtime: Runtime): Promise<Readiness> {
  let status: Awaited<ReturnType<Runtime['projections']['status']>>
  try {
    status = await runtime.projections.status()
  } catch (error) {
    runtime.log.warn('not ready: the database does not answer', { error })
    return { ready: false, reason: databaseUnreachable }
  }
  const stuck = status.flatMap((projection) => (projection.stuck ? [projection.stuck] : []))
  if (stuck.length === 0) return { ready: true }
  return { ready: false, reason: `Projections halted at an event they cannot apply: ${stuck.map(describe).join('; ')}` }
}

export const databaseUnreachable = 'The database is not reachable'

function describe(failure: ProjectionFailure): string {
  const { transactionId, globalPosition } = failure.position
  return `${failure.projection} at event ${globalPosition} (transaction ${transactionId}, ${failure.eventType}, ${failure.attempts} attempts since ${failure.firstFailedAt.toISOString()})`
}
