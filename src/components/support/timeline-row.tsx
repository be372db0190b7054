import { formatDateTime } from '#src/interview/display.ts'
import { RevealField } from './reveal-field.tsx'
import { actorLabel } from './timeline-actor.ts'
import type { TimelineEvent } from './timeline-types.ts'

const linkButton = 'text-left text-accent underline-offset-2 hover:underline focus-ring'

/** One event of the timeline: what, when, who, the ids that tie it to others, and its masked data. */
export function TimelineRow({
  userId,
  event,
  onFollow,
  onTravel,
  onShowDelivery,
  travelling,
}: {
  userId: string
  event: TimelineEvent
  onFollow: (correlationId: string) => void
  onTravel: (eventId: string) => void
  onShowDelivery: (deliveryId: string) => void
  travelling: boolean
}) {
  return (
    <tr className={`align-top ${travelling ? 'bg-accent-soft' : ''}`} data-event-id={event.eventId}>
      <td className="py-2 pr-4 font-medium text-fg">{event.type}</td>
      <td className="py-2 pr-4 whitespace-nowrap">
        <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
      </td>
      {/* Words wrap between words; only an id too long for the column breaks inside. */}
      <td className="min-w-[10rem] py-2 pr-4 wrap-break-word">
        {actorLabel(event.actor, userId)}
        {event.actor.type === 'webhook' && event.actor.id && (
          <button
            type="button"
            className={`mt-1 block text-xs ${linkButton}`}
            onClick={() => onShowDelivery(event.actor.id ?? '')}
          >
            Show delivery {event.actor.id}
          </button>
        )}
      </td>
      <td className="py-2 pr-4 text-xs break-all">
        {event.correlationId ? (
          <button type="button" className={linkButton} onClick={() => onFollow(event.correlationId ?? '')}>
            Follow {event.correlationId}
          </button>
        ) : (
          'none'
        )}
        {event.requestId && <p className="text-gray-500">request {event.requestId}</p>}
        {event.causationId && <p className="text-gray-500">caused by {event.causationId}</p>}
      </td>
      <td className="py-2">
        <details>
          <summary className="cursor-pointer text-accent focus-ring">
            {event.streamId} #{event.streamPosition}
          </summary>
          <pre tabIndex={0} className="mt-2 max-h-64 overflow-auto rounded-lg bg-sunken p-2 text-xs text-fg-strong">
            {JSON.stringify(event.data, null, 2)}
          </pre>
          {event.masked.length > 0 && (
            <ul className="mt-2 space-y-2" aria-label="Masked fields">
              {event.masked.map((field) => (
                <li key={field}>
                  <RevealField userId={userId} eventId={event.eventId} field={field} />
                </li>
              ))}
            </ul>
          )}
        </details>
        <button type="button" className={`mt-1 text-xs ${linkButton}`} onClick={() => onTravel(event.eventId)}>
          As of this event
        </button>
      </td>
    </tr>
  )
}
