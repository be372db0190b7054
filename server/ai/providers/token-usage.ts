import type { LanguageModelUsage } from 'ai'
import type { TokenUsage } from '#server/ai/ai-schemas.ts'

export const noUsage: TokenUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 }

/** OpenAI-compatible servers may omit usage (or parts of it); missing counts are 0. */
export function toTokenUsage(usage: LanguageModelUsage | undefined): TokenUsage {
  const inputTokens = usage?.inputTokens ?? 0
  const outputTokens = usage?.outputTokens ?? 0
  return { inputTokens, outputTokens, totalTokens: usage?.totalTokens ?? inputTokens + outputTokens }
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  }
}
