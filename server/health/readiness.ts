import type { ProjectionFailure } from '#events/projections/projection-failures.ts'
import { pendingMigrations } from '#migrations/pending.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { inngestReachability } from './inngest-reachability.ts'
import type { ProjectionHealth, ReadinessChecks } from './readiness-checks.ts'
import { projectionLag } from './projection-lag.ts'

export type Readiness = { ready: boolean; checks: ReadinessChecks; problems: string[] }

export const databaseUnreachable = 'The database is not reachable'

/** A database that neither answers nor refuses must not hold the probe longer than its caller waits. */
const databaseTimeoutMs = 3_000

/**
 * Ready to serve when the database answers, every migration of this release has run, no
 * projection is halted at an event it cannot apply, and a self-hosted Inngest answers. Lag is
 * reported, not judged: a backlog after a deploy is no reason to leave the load balancer. The
 * answer is public: names, positions and counts, never error texts or addresses.
 */
export async function readiness(runtime: Runtime): Promise<Readiness> {
  const [stored, inngest] = await Promise.all([
    withTimeout(databaseChecks(runtime), databaseTimeoutMs).catch((error: unknown) => {
      runtime.log.warn('not ready: the database does not answer', { error })
      return undefined
    }),
    inngestReachability(runtime.config.inngest),
  ])
  const checks: ReadinessChecks = {
    database: stored ? 'up' : 'down',
    migrations: stored?.migrations ?? null,
    projections: stored?.projections ?? null,
    inngest,
  }
  const problems: string[] = []
  if (!stored) problems.push(databaseUnreachable)
  if (stored && !stored.migrations.current)
    problems.push(`Migrations not run yet: ${stored.migrations.pending.join(', ')}`)
  if (stored && stored.stuck.length > 0)
    problems.push(`Projections halted at an event they cannot apply: ${stored.stuck.map(describe).join('; ')}`)
  if (inngest === 'down') problems.push('Inngest is not reachable')
  return { ready: problems.length === 0, checks, problems }
}

async function databaseChecks(runtime: Runtime) {
  const [status, pending] = await Promise.all([runtime.projections.status(), pendingMigrations(runtime.db)])
  const lag = await projectionLag(
    runtime.db,
    status.map((projection) => projection.name),
  )
  const stuck = status.flatMap((projection) => (projection.stuck ? [projection.stuck] : []))
  const projections = status.map((projection): ProjectionHealth => ({
    name: projection.name,
    behind: lag.get(projection.name) ?? 0,
    halted: projection.stuck
      ? {
          globalPosition: projection.stuck.position.globalPosition,
          transactionId: projection.stuck.position.transactionId,
          eventType: projection.stuck.eventType,
          attempts: projection.stuck.attempts,
          since: projection.stuck.firstFailedAt.toISOString(),
        }
      : null,
  }))
  return { migrations: { current: pending.length === 0, pending }, projections, stuck }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

function describe(failure: ProjectionFailure): string {
  const { transactionId, globalPosition } = failure.position
  return `${failure.projection} at event ${globalPosition} (transaction ${transactionId}, ${failure.eventType}, ${failure.attempts} attempts since ${failure.firstFailedAt.toISOString()})`
}
