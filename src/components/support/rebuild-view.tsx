import { useMutation, useQuery } from '@tanstack/react-query'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'
import type { RebuildProgress } from './support-types.ts'

const pollMs = 1000

function describe(progress: RebuildProgress): string {
  const figures = `${progress.eventsDone}/${progress.eventsTotal} events, ${progress.seconds.toFixed(1)} s`
  if (progress.status === 'running') return `Rebuilding: ${figures}`
  if (progress.status === 'done') return `Rebuilt: ${figures}`
  return `Rebuild failed after ${figures}: ${progress.error ?? 'unknown error'}`
}

/**
 * support.rebuildProjection and support.rebuilds: rebuilds the whole view beside the live one
 * (which keeps serving) and follows its progress, polling while a rebuild runs.
 */
export function RebuildView({ name }: { name: string }) {
  const trpc = useTRPC()
  const rebuilds = useQuery({
    ...trpc.support.rebuilds.queryOptions(),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.rebuilds.some((rebuild) => rebuild.status === 'running') ? pollMs : false,
  })
  const start = useMutation(
    trpc.support.rebuildProjection.mutationOptions({ onSuccess: () => void rebuilds.refetch() }),
  )
  const progress = rebuilds.data?.rebuilds.find((rebuild) => rebuild.projection === name)
  const running = progress?.status === 'running'
  return (
    <div className="space-y-1">
      <button
        type="button"
        className={secondaryButton}
        onClick={() => start.mutate({ name })}
        disabled={start.isPending || running}
        aria-label={`Rebuild ${name}`}
      >
        {running ? 'Rebuilding...' : 'Rebuild'}
      </button>
      {progress && (
        <p role="status" data-testid={`rebuild-${name}`} className="text-xs text-fg-muted">
          {describe(progress)}
        </p>
      )}
      {start.isError && (
        <p role="alert" className="text-xs text-danger">
          Could not start: {errorMessage(start.error, 'please try again')}
        </p>
      )}
    </div>
  )
}
