import { useMutation } from '@tanstack/react-query'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'
import type { WebhookDelivery } from './support-types.ts'
import { formatDateTime } from '#src/interview/display.ts'

const outcomeClass: Record<WebhookDelivery['outcome'], string> = {
  failed: 'text-danger',
  pending: 'text-warning-label',
  processed: 'text-success-label',
  ignored: 'text-fg-muted',
  'duplicate-payment': 'text-warning-label',
}

/** One delivery: what Razorpay sent, how processing went, the events it caused, and its retry. */
/** After a retry the row shows the delivery as the retry left it, until the list is refreshed. */
export function WebhookDeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const trpc = useTRPC()
  const retry = useMutation(trpc.support.retryDelivery.mutationOptions())
  const retryable = delivery.outcome === 'failed' || (delivery.outcome === 'pending' && delivery.lastError !== null)
  const shown = retry.data?.delivery ?? delivery
  return (
    <li data-delivery-id={delivery.deliveryId} className="space-y-1 py-3 text-sm text-fg-body">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-mono text-xs">{shown.deliveryId}</span> · {shown.eventType} · order{' '}
          <span className="font-mono text-xs">{shown.orderId ?? '-'}</span>
        </p>
        <p data-testid="delivery-outcome" className={`font-medium ${outcomeClass[shown.outcome]}`}>
          {shown.outcome}
          {shown.outcomeDetail ? ` (${shown.outcomeDetail})` : ''}
        </p>
      </div>
      <p className="text-xs text-gray-500">
        Received {formatDateTime(shown.receivedAt)} · {shown.attempts} {shown.attempts === 1 ? 'attempt' : 'attempts'}
        {shown.inngestRunUrl && (
          <>
            {' · '}
            <a href={shown.inngestRunUrl} target="_blank" rel="noreferrer" className="text-brand underline">
              Inngest run
            </a>
          </>
        )}
      </p>
      {shown.lastError && <p className="font-mono text-xs break-all text-danger">{shown.lastError}</p>}
      {shown.causedEvents.length > 0 && (
        <ul aria-label={`Events caused by ${shown.deliveryId}`} className="text-xs">
          {shown.causedEvents.map((event) => (
            <li key={event.eventId}>
              Caused {event.type} on <span className="font-mono">{event.streamId}</span> at {event.globalPosition}
            </li>
          ))}
        </ul>
      )}
      {retryable && !retry.isSuccess && (
        <button
          type="button"
          className={secondaryButton}
          disabled={retry.isPending}
          onClick={() => retry.mutate({ deliveryId: delivery.deliveryId })}
        >
          {retry.isPending ? 'Retrying...' : 'Retry delivery'}
        </button>
      )}
      {retry.isSuccess && (
        <p role="status" className="text-xs text-fg-muted">
          {retry.data.via === 'inngest'
            ? 'Sent to Inngest again; its run appears here once it starts.'
            : `Retried: ${retry.data.delivery.outcome}.`}
        </p>
      )}
      {retry.isError && (
        <p role="alert" className="text-xs text-danger">
          Retry failed: {errorMessage(retry.error, 'please try again')}
        </p>
      )}
    </li>
  )
}
