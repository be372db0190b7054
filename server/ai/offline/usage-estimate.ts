import type { TokenUsage } from '#server/ai/ai-schemas.ts'

/**
 * An ESTIMATE of what the call would have cost a hosted model, since the offline engine has no
 * tokenizer: about four tokens for every three English words (the usual rule of thumb for
 * BPE tokenizers), so usage limits and dashboards treat both engines alike.
 */
export function estimateTokens(...texts: readonly (string | undefined)[]): number {
  let words = 0
  for (const text of texts) words += text?.match(/\S+/g)?.length ?? 0
  return Math.ceil((words * 4) / 3)
}

export function estimateUsage(
  input: readonly (string | undefined)[],
  output: readonly (string | undefined)[],
): TokenUsage {
  const inputTokens = estimateTokens(...input)
  const outputTokens = estimateTokens(...output)
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens }
}

/** Milliseconds since `started` (a `performance.now()` reading), to a tenth. */
export function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10
}
