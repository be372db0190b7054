import { useMutation } from '@tanstack/react-query'
import { useId } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { Card } from '#src/components/ui/card.tsx'
import { primaryButton, secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { ReplayChanges } from './replay-changes.tsx'

/**
 * support.replayUser: a dry run lists what rebuilding the person's views from their events would
 * change, row by row; applying commits exactly those changes (refused if the views moved since).
 */
export function ReplayViews({ userId, onApplied }: { userId: string; onApplied?: () => void }) {
  const trpc = useTRPC()
  const id = useId()
  const dryRun = useMutation(trpc.support.replayUser.mutationOptions())
  const apply = useMutation(trpc.support.replayUser.mutationOptions({ onSuccess: () => onApplied?.() }))
  const check = () => {
    apply.reset()
    dryRun.mutate({ userId, dryRun: true })
  }
  return (
    <Card
      id={`${id}-heading`}
      title="Replay views"
      action={
        <button
          type="button"
          className={secondaryButton}
          onClick={check}
          disabled={dryRun.isPending || apply.isPending}
        >
          {dryRun.isPending ? 'Checking...' : 'Dry run'}
        </button>
      }
    >
      <p className="text-sm text-fg-muted">
        Rebuilds this person's views from their events: the dry run shows what would change, nothing is written until
        you apply it.
      </p>
      <div className="mt-3 space-y-3">
        {dryRun.isError && (
          <p role="alert" className="text-sm text-danger">
            Dry run failed: {errorMessage(dryRun.error, 'please try again')}
          </p>
        )}
        {dryRun.isSuccess && !apply.isSuccess && (
          <>
            <p role="status" className="text-sm font-medium text-fg-strong">
              Dry run: {dryRun.data.changes.length} {dryRun.data.changes.length === 1 ? 'row differs' : 'rows differ'} (
              {dryRun.data.projections
                .map((projection) => `${projection.projection} ${projection.replayed}`)
                .join(', ')}{' '}
              events replayed)
            </p>
            <ReplayChanges changes={dryRun.data.changes} caption="Changes the replay would make" />
            {dryRun.data.changes.length > 0 && (
              <button
                type="button"
                className={primaryButton}
                disabled={apply.isPending}
                onClick={() => apply.mutate({ userId, dryRun: false, expected: dryRun.data.fingerprint })}
              >
                {apply.isPending ? 'Applying...' : 'Apply these changes'}
              </button>
            )}
          </>
        )}
        {apply.isError && (
          <p role="alert" className="text-sm text-danger">
            Nothing applied: {errorMessage(apply.error, 'please try again')}
          </p>
        )}
        {apply.isSuccess && (
          <>
            <p role="status" className="text-sm font-medium text-success-label">
              Applied {apply.data.changes.length} {apply.data.changes.length === 1 ? 'change' : 'changes'} in one
              transaction.
            </p>
            <ReplayChanges changes={apply.data.changes} caption="Changes applied" />
          </>
        )}
      </div>
    </Card>
  )
}
