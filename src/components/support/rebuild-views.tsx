import { useMutation } from '@tanstack/react-query'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'

/** support.rebuildUser: replays the person's events into every view, and says how many each took. */
export function RebuildViews({ userId, onRebuilt }: { userId: string; onRebuilt?: () => void }) {
  const trpc = useTRPC()
  const rebuild = useMutation(trpc.support.rebuildUser.mutationOptions({ onSuccess: onRebuilt }))
  return (
    <div className="flex flex-col items-end gap-2">
      <button
        type="button"
        className={secondaryButton}
        onClick={() => rebuild.mutate({ userId })}
        disabled={rebuild.isPending}
      >
        {rebuild.isPending ? 'Rebuilding...' : 'Rebuild views'}
      </button>
      <div role="status" className="text-right text-xs text-fg-muted">
        {rebuild.isSuccess && (
          <ul aria-label="Rebuild result" data-testid="rebuild-result">
            {rebuild.data.projections.map((projection) => (
              <li key={projection.projection}>
                {projection.projection}: {projection.replayed} events replayed
              </li>
            ))}
          </ul>
        )}
        {rebuild.isError && (
          <p className="text-danger">Rebuild failed: {errorMessage(rebuild.error, 'please try again')}</p>
        )}
      </div>
    </div>
  )
}
