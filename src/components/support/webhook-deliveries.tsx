import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Card } from '#src/components/ui/card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { inputClass, labelClass, secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { WebhookDeliveryRow } from './webhook-delivery-row.tsx'

const filters = { failed: 'Failed', pending: 'Pending', all: 'All' } as const
type Filter = keyof typeof filters

/**
 * support.webhookDeliveries: Razorpay deliveries, their attempts and outcome, and a retry for a
 * failed one; `shown` narrows it to one delivery a timeline's webhook event links to.
 */
export function WebhookDeliveries({ shown, onShowAll }: { shown: string | null; onShowAll: () => void }) {
  const trpc = useTRPC()
  const id = useId()
  const [filter, setFilter] = useState<Filter>('failed')
  const deliveries = useQuery({
    ...trpc.support.webhookDeliveries.queryOptions(shown ? { filter: 'all', deliveryId: shown } : { filter }),
    staleTime: 0,
    retry: false,
  })
  const section = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (shown) section.current?.scrollIntoView({ block: 'start' })
  }, [shown])
  return (
    <div ref={section}>
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
            {shown ? (
              <button type="button" className={secondaryButton} onClick={onShowAll}>
                Show all deliveries
              </button>
            ) : (
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
            )}
          </div>
        }
      >
        {shown && (
          <p className="mb-2 text-sm text-fg-muted" data-testid="shown-delivery">
            Delivery {shown}, from the timeline.
          </p>
        )}
        {deliveries.isPending ? (
          <Spinner label="Loading the deliveries" className="py-6" />
        ) : deliveries.isError ? (
          <LoadError
            message={`Could not load the deliveries: ${deliveries.error.message}`}
            onRetry={() => void deliveries.refetch()}
            retrying={deliveries.isFetching}
          />
        ) : deliveries.data.deliveries.length === 0 ? (
          <p role="status" className="text-sm text-fg-muted">
            {shown
              ? `No delivery ${shown}.`
              : `No ${filter === 'all' ? '' : `${filters[filter].toLowerCase()} `}deliveries.`}
          </p>
        ) : (
          <ul aria-label="Deliveries" className="divide-y divide-line">
            {deliveries.data.deliveries.map((delivery) => (
              <WebhookDeliveryRow key={delivery.deliveryId} delivery={delivery} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
