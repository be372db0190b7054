import { formatDateTime } from '#src/interview/display.ts'
import type { UserEvent } from './support-types.ts'

function actorLabel(actor: UserEvent['actor']): string {
  return actor.id ? `${actor.type} ${actor.id}` : actor.type
}

export function EventRow({ event }: { event: UserEvent }) {
  return (
    <tr className="align-top">
      <td className="py-2 pr-4 font-medium text-fg">{event.type}</td>
      <td className="py-2 pr-4 whitespace-nowrap">
        <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
      </td>
      <td className="py-2 pr-4 break-all">{actorLabel(event.actor)}</td>
      <td className="py-2">
        <details>
          <summary className="cursor-pointer text-indigo-700 focus-visible:outline-2 focus-visible:outline-brand dark:text-indigo-300">
            {event.streamId} #{event.streamPosition}
          </summary>
          <pre
            tabIndex={0}
            className="mt-2 max-h-64 overflow-auto rounded-lg bg-gray-50 p-2 text-xs text-gray-800 dark:bg-gray-950 dark:text-gray-200"
          >
            {JSON.stringify(event.data, null, 2)}
          </pre>
        </details>
      </td>
    </tr>
  )
}
