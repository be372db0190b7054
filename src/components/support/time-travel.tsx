import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { formatDateTime } from '#src/interview/display.ts'
import type { TimeTravelView } from './timeline-types.ts'

/** support.timeTravel: the person's plan, usage and orders right after one event, with steps back and forward. */
export function TimeTravel({
  userId,
  eventId,
  onStep,
}: {
  userId: string
  eventId: string
  onStep: (eventId: string) => void
}) {
  const trpc = useTRPC()
  const view = useQuery({ ...trpc.support.timeTravel.queryOptions({ userId, eventId }), retry: false })
  return (
    <section aria-labelledby="time-travel-heading" className="mt-6 rounded-xl border border-accent-line p-4">
      <h3 id="time-travel-heading" className="text-base font-semibold text-fg">
        Time travel
      </h3>
      {view.isPending ? (
        <Spinner label="Folding the events" className="py-6" />
      ) : view.isError ? (
        <LoadError
          message={`Could not fold the events: ${view.error.message}`}
          onRetry={() => void view.refetch()}
          retrying={view.isFetching}
        />
      ) : (
        <TravelledViews view={view.data} onStep={onStep} />
      )}
    </section>
  )
}

function TravelledViews({ view, onStep }: { view: TimeTravelView; onStep: (eventId: string) => void }) {
  const { subscription } = view
  return (
    <div className="mt-2 space-y-4 text-sm text-fg-body">
      <p data-testid="time-travel-at">
        As of event {view.at.index}: {view.at.type} at{' '}
        <time dateTime={view.at.createdAt}>{formatDateTime(view.at.createdAt)}</time>
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={!view.previousEventId}
          onClick={() => view.previousEventId && onStep(view.previousEventId)}
        >
          Earlier event
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={!view.nextEventId}
          onClick={() => view.nextEventId && onStep(view.nextEventId)}
        >
          Later event
        </button>
      </div>
      <div data-testid="time-travel-subscription">
        <h4 className="font-semibold text-fg">Subscription</h4>
        {subscription ? (
          <p>
            {subscription.planType} · {subscription.status} · {subscription.interviewsIncluded} interviews (
            {subscription.carriedOver} carried over) · until {formatDateTime(subscription.periodEnd)}
            {subscription.scheduledPlan ? ` · then ${subscription.scheduledPlan}` : ''}
          </p>
        ) : (
          <p>No plan yet.</p>
        )}
      </div>
      <div>
        <h4 className="font-semibold text-fg">Usage</h4>
        {view.usage.length === 0 ? (
          <p>No plan periods.</p>
        ) : (
          <ul>
            {view.usage.map((period) => (
              <li key={period.orderId}>
                {period.planType}: {period.used} of {period.included} used ({period.givenBack} given back)
              </li>
            ))}
          </ul>
        )}
      </div>
      <div data-testid="time-travel-orders">
        <h4 className="font-semibold text-fg">Orders</h4>
        {view.orders.length === 0 ? (
          <p>No orders.</p>
        ) : (
          <ul>
            {view.orders.map((order) => (
              <li key={order.orderId}>
                {order.orderId}: {order.planType}, {order.amount / 100} {order.currency}, {order.status}
                {order.failureReason ? ` (${order.failureReason})` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div data-testid="time-travel-reviews">
        <h4 className="font-semibold text-fg">Interview reviews</h4>
        {view.interviewReviews.length === 0 ? (
          <p>No interviews.</p>
        ) : (
          <ul>
            {view.interviewReviews.map((review) => (
              <li key={review.sessionId}>
                {review.sessionId}: {review.status}, {review.questions} questions, {review.rated} rated
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
