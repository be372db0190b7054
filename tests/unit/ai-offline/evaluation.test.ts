import { beforeAll, describe, expect, it } from 'vitest'
import { evaluateRetrieval, heldOutQuestions } from '#server/ai/offline/eval/evaluate.ts'
import { findEntry, knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

// The index is built on first use: here, outside any test's time limit, as at import before.
beforeAll(() => {
  knowledgeIndex()
})

function tokens(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
}

function jaccard(a: Set<string>, b: Set<string>): number {
  const intersection = [...a].filter((t) => b.has(t)).length
  const union = new Set([...a, ...b]).size
  return union === 0 ? 0 : intersection / union
}

describe('held-out retrieval evaluation', () => {
  it('has at least 60 questions labelled with real knowledge-base ids', () => {
    expect(heldOutQuestions.length).toBeGreaterThanOrEqual(60)
    for (const q of heldOutQuestions) expect(findEntry(q.expectedId), q.expectedId).toBeDefined()
  })

  // Stricter than the 0.8 the brief suggests: a held-out question should be a real rewording.
  it('never repeats or nearly repeats a knowledge-base question or phrasing', () => {
    const phrasings = knowledgeBase.flatMap((e) => [e.question, ...e.alternatives]).map(tokens)
    for (const { question } of heldOutQuestions) {
      const own = tokens(question)
      const closest = Math.max(...phrasings.map((p) => jaccard(own, p)))
      expect(closest, question).toBeLessThan(0.7)
    }
  })

  it('keeps precision@1 at or above the 0.75 regression floor', () => {
    const result = evaluateRetrieval()
    expect(result.total).toBe(heldOutQuestions.length)
    expect(result.precisionAt1).toBeGreaterThanOrEqual(0.75)
    expect(result.recallAt3).toBeGreaterThanOrEqual(result.precisionAt1)
    expect(result.misses).toHaveLength(result.total - result.top1Correct)
  })
})
