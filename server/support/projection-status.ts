import { DomainError } from '#events/domain-error.ts'
import type { ProjectionFailure } from '#events/projections/projection-failures.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { projectionHealth, type ProjectionHealth } from './projection-health.ts'
import { rebuildableProjections } from './rebuild-projection.ts'

type ProjectionStatus = Awaited<ReturnType<Runtime['projections']['status']>>[number]

function stuckOf(failure: ProjectionFailure | undefined) {
  if (!failure) return null
  return {
    transactionId: failure.position.transactionId,
    globalPosition: failure.position.globalPosition,
    eventId: failure.eventId,
    eventType: failure.eventType,
    streamId: failure.streamId,
    error: failure.error,
    attempts: failure.attempts,
    firstFailedAt: failure.firstFailedAt.toISOString(),
    lastFailedAt: failure.lastFailedAt.toISOString(),
    nextAttemptAt: failure.nextAttemptAt.toISOString(),
  }
}

const caughtUp: ProjectionHealth = { behindEvents: 0, behindSeconds: 0 }

function toDto(status: ProjectionStatus, health: ProjectionHealth = caughtUp) {
  return {
    name: status.name,
    version: status.version,
    storedVersion: status.storedVersion,
    eventsApplied: status.eventsApplied,
    checkpoint: status.checkpoint,
    updatedAt: status.updatedAt ? new Date(status.updatedAt).toISOString() : null,
    ...health,
    rebuildable: rebuildableProjections().includes(status.name),
    lastError: status.stuck?.error ?? null,
    stuck: stuckOf(status.stuck),
  }
}

export const noSuchProjection = (name: string) => `There is no projection ${name}`

/** Every projection's checkpoint, its lag behind the log, and, for one halted at an event, that event and its error. */
export async function projectionStatus(runtime: Runtime) {
  const statuses = await runtime.projections.status()
  const health = await projectionHealth(
    runtime,
    statuses.map((status) => status.name),
  )
  return statuses.map((status) => toDto(status, health.get(status.name)))
}

/** Tries a halted projection's failing event now (after a fix was deployed), and says where it stands. */
export async function retryProjection(runtime: Runtime, name: string) {
  if (!runtime.projections.names.includes(name)) throw new DomainError('not-found', noSuchProjection(name))
  await runtime.projections.retryNow(name)
  const status = (await runtime.projections.status()).find((projection) => projection.name === name)
  if (!status) throw new DomainError('not-found', noSuchProjection(name))
  return toDto(status, (await projectionHealth(runtime, [name])).get(name))
}
