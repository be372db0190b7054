import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { formatDateTime } from '#src/interview/display.ts'

/** support.auditLog for one person: who read their history or revealed their data, when and why. */
export function SupportAudit({ userId }: { userId: string }) {
  const trpc = useTRPC()
  const audit = useQuery({ ...trpc.support.auditLog.queryOptions({ userId, limit: 20 }), staleTime: 0, retry: false })
  return (
    <section aria-labelledby="support-audit-heading" className="mt-6">
      <div className="flex items-center justify-between gap-3">
        <h3 id="support-audit-heading" className="text-base font-semibold text-fg">
          Who read this history
        </h3>
        <button type="button" className={secondaryButton} onClick={() => void audit.refetch()}>
          Refresh
        </button>
      </div>
      {audit.isPending ? (
        <Spinner label="Loading the readings" className="py-4" />
      ) : audit.isError ? (
        <LoadError
          message={`Could not load the readings: ${audit.error.message}`}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : (
        <ul className="mt-2 divide-y divide-line text-sm text-fg-body">
          {audit.data.entries.map((entry) => (
            <li key={entry.eventId} className="py-2" data-testid="audit-entry">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.staffEmail ?? entry.staffId} (
              {entry.via}){' '}
              {entry.field
                ? `revealed ${entry.field.field} of ${entry.field.eventType}: “${entry.reason ?? ''}”`
                : 'opened the timeline'}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
