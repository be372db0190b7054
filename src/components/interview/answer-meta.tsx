import { formatLatency } from '#src/interview/display.ts'

/** Who answered and how fast: the provider, the model and the latency of one answer. */
export function AnswerMeta({ provider, model, latencyMs }: { provider: string; model: string; latencyMs: number }) {
  return (
    <p className="mt-2 text-xs text-gray-500 dark:text-gray-400" data-testid="answer-meta">
      Answered by {provider} / {model} in {formatLatency(Math.round(latencyMs))}
    </p>
  )
}
