import { useMutation, useQuery } from '@tanstack/react-query'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { Card } from '#src/components/ui/card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { RebuildView } from './rebuild-view.tsx'
import type { ProjectionState } from './support-types.ts'
import { DataTable } from '#src/components/ui/table.tsx'
import { formatDateTime } from '#src/interview/display.ts'

/** support.projections: each view's checkpoint, and any halted at an event it cannot apply. */
export function ProjectionStatus() {
  const trpc = useTRPC()
  const status = useQuery({ ...trpc.support.projections.queryOptions(), staleTime: 0, retry: false })
  const halted = status.data?.projections.filter((projection) => projection.stuck !== null) ?? []
  return (
    <Card id="projection-status-heading" title="Views">
      {status.isPending ? (
        <Spinner label="Loading the views' status" className="py-6" />
      ) : status.isError ? (
        <LoadError
          message={`Could not load the views' status: ${status.error.message}`}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : (
        <>
          <p role="status" className="text-sm text-fg-muted">
            {halted.length === 0
              ? 'Every view is up to date with the log.'
              : `${halted.length} halted at an event it cannot apply: its later events wait, the others go on.`}
          </p>
          <DataTable
            label="Views"
            columns={['View', 'Checkpoint', 'Events read', 'Behind', 'State', 'Rebuild']}
            minWidth="min-w-[48rem]"
            className="mt-3"
          >
            {status.data.projections.map((projection) => (
              <ProjectionRow key={projection.name} projection={projection} onRetried={() => void status.refetch()} />
            ))}
          </DataTable>
        </>
      )}
    </Card>
  )
}

function ProjectionRow({ projection, onRetried }: { projection: ProjectionState; onRetried: () => void }) {
  const { checkpoint, stuck } = projection
  return (
    <tr data-testid={`projection-${projection.name}`} className="align-top">
      <td className="py-2 pr-4 font-mono text-xs">{projection.name}</td>
      <td className="py-2 pr-4 font-mono text-xs">
        {checkpoint.globalPosition} (tx {checkpoint.transactionId})
      </td>
      <td className="py-2 pr-4">{projection.eventsApplied}</td>
      <td className="py-2 pr-4">
        {projection.behindEvents} events, {projection.behindSeconds} s
      </td>
      <td className="py-2 pr-4">
        {stuck ? (
          <Halted name={projection.name} stuck={stuck} onRetried={onRetried} />
        ) : projection.behindEvents > 0 ? (
          'Catching up'
        ) : (
          'Up to date'
        )}
      </td>
      <td className="py-2">
        {projection.rebuildable ? <RebuildView name={projection.name} /> : 'Not a view: never replayed'}
      </td>
    </tr>
  )
}

function Halted({
  name,
  stuck,
  onRetried,
}: {
  name: string
  stuck: NonNullable<ProjectionState['stuck']>
  onRetried: () => void
}) {
  const trpc = useTRPC()
  const retry = useMutation(trpc.support.retryProjection.mutationOptions({ onSuccess: onRetried }))
  return (
    <div className="space-y-1">
      <p className="font-medium text-danger">
        Halted at event {stuck.globalPosition} (tx {stuck.transactionId}), {stuck.eventType}
      </p>
      <p className="font-mono text-xs break-all">{stuck.error}</p>
      <p className="text-xs text-gray-500">
        {stuck.attempts} attempts since {formatDateTime(stuck.firstFailedAt)}; next try{' '}
        {formatDateTime(stuck.nextAttemptAt)} · stream {stuck.streamId} · event {stuck.eventId}
      </p>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => retry.mutate({ name })}
        disabled={retry.isPending}
      >
        {retry.isPending ? 'Retrying...' : 'Retry now'}
      </button>
      {retry.isError && (
        <p role="alert" className="text-xs text-danger">
          Retry failed: {errorMessage(retry.error, 'please try again')}
        </p>
      )}
      {retry.isSuccess && retry.data.stuck && (
        <p role="status" className="text-xs text-fg-muted">
          Still halted after {retry.data.stuck.attempts} attempts.
        </p>
      )}
    </div>
  )
}
