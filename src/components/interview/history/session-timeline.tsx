import { formatTime, sessionTimeline } from '#src/interview/display.ts'
import type { HistorySession } from '#src/interview/interview-types.ts'

export function SessionTimeline({ session }: { session: HistorySession }) {
  return (
    <ol aria-label="Timeline" className="relative space-y-3 border-l border-line-strong pl-4">
      {sessionTimeline(session).map((entry) => (
        <li key={entry.key} className="relative text-sm">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-surface bg-brand-vivid"
          />
          <time dateTime={entry.at} className="font-mono text-xs text-fg-muted">
            {formatTime(entry.at)}
          </time>{' '}
          <span className="font-medium text-fg">{entry.title}</span>
          {entry.detail && <p className="text-fg-muted">{entry.detail}</p>}
        </li>
      ))}
    </ol>
  )
}
