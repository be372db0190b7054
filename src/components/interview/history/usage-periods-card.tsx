import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'
import { Card } from '#src/components/ui/card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { UsageChart } from './usage-chart.tsx'

export function UsagePeriodsCard() {
  const trpc = useTRPC()
  const periods = useQuery({ ...trpc.interviews.usagePeriods.queryOptions({ limit: 6 }), staleTime: 0, retry: 1 })
  return (
    <Card id="usage-periods-heading" title="Interviews used in recent periods">
      {periods.isPending ? (
        <Spinner label="Loading your usage" className="py-8" />
      ) : periods.isError ? (
        <LoadError
          message={`Could not load your usage: ${periods.error.message}`}
          onRetry={() => void periods.refetch()}
          retrying={periods.isFetching}
        />
      ) : (
        <UsageChart periods={periods.data.periods} />
      )}
    </Card>
  )
}
