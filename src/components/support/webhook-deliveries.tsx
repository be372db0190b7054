import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Card } from '#src/components/dashboard/card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { inputClass, labelClass, secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { WebhookDeliveryRow } from './webhook-delivery-row.tsx'

const filters = { failed: 'Failed', pending: 'Pending', all: 'All' } as const
type Filter = keyof typeof filters

/** support.webhookDeliveries: Razorpay deliveries, their attempts and outcome, and a retry for a failed one. */
export function WebhookDeliveries() {
  const trpc = useTRPC()
  const id = useId()
  const [filter, setFilter] = useState<Filter>('failed')
  const deliveries = useQuery({
    ...trpc.support.webhookDeliveries.queryOptions({ filter }),
    staleTime: 0,
    retry: false,
  })
  return (
    <Card
      id={`${id}-heading`}
      title="Webhook deliveries"
      action={
        <div className="flex items-end gap-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void deliveries.refetch()}
            disabled={deliveries.isFetching}
          >
            Refresh
          </button>
          <div>
            <label htmlFor={`${id}-filter`} className={labelClass}>
              Show
            </label>
            <select
              id={`${id}-filter`}
              className={inputClass}
              value={filter}
              onChange={(event) => setFilter(event.target.value as Filter)}
            >
              {Object.entries(filters).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      }
    >
      {deliveries.isPending ? (
        <Spinner label="Loading the deliveries" className="py-6" />
      ) : deliveries.isError ? (
        <LoadError
          message={`Could not load the deliveries: ${deliveries.error.message}`}
          onRetry={() => void deliveries.refetch()}
          retrying={deliveries.isFetching}
        />
      ) : deliveries.data.deliveries.length === 0 ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          No {filter === 'all' ? '' : `${filters[filter].toLowerCase()} `}deliveries.
        </p>
      ) : (
        <ul aria-label="Deliveries" className="divide-y divide-gray-100 dark:divide-gray-800">
          {deliveries.data.deliveries.map((delivery) => (
            <WebhookDeliveryRow key={delivery.deliveryId} delivery={delivery} />
          ))}
        </ul>
      )}
    </Card>
  )
}
