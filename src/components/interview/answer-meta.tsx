import { formatLatency } from '#src/interview/display.ts'

/**
 * How fast an answer came. The engine behind it (provider and model) is for support and the API, not
 * for the person reading the answer.
 */
export function AnswerMeta({ latencyMs }: { latencyMs: number }) {
  return (
    <p className="mt-2 text-xs text-fg-muted" data-testid="answer-meta">
      Answered in {formatLatency(Math.round(latencyMs))}
    </p>
  )
}
