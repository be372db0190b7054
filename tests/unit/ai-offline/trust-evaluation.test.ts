import { describe, expect, it } from 'vitest'
import { evaluateTrust, trustSet } from '#server/ai/offline/eval/trust-evaluation.ts'
import { findEntry, knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'

const tokens = (text: string): Set<string> => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? [])

function jaccard(a: Set<string>, b: Set<string>): number {
  const intersection = [...a].filter((t) => b.has(t)).length
  const union = new Set([...a, ...b]).size
  return union === 0 ? 0 : intersection / union
}

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

describe('the held-out trust set', () => {
  it('labels its questions with knowledge-base ids or with null for questions no entry answers', () => {
    for (const { expected } of trustSet.questions)
      if (expected !== null) expect(findEntry(expected), expected).toBeDefined()
    for (const { expected } of trustSet.followUps) expect(findEntry(expected), expected).toBeDefined()
    expect(trustSet.questions.filter((q) => q.expected === null).length).toBeGreaterThanOrEqual(10)
  })

  it('is kept out of the index: no question appears in any indexed text or nearly repeats its entry', () => {
    const indexedTexts = knowledgeBase.flatMap((e) => [
      e.question,
      ...e.alternatives,
      ...e.keyPoints,
      e.answer,
      ...e.tags,
    ])
    const indexed = indexedTexts.map(normalised).join('\n')
    const asked = [...trustSet.questions, ...trustSet.followUps.flatMap((f) => [{ question: f.followUp }])]
    for (const { question } of asked) expect(indexed.includes(normalised(question)), question).toBe(false)
    for (const { question, expected } of trustSet.questions) {
      const entry = expected === null ? undefined : findEntry(expected)
      if (!entry) continue
      const closest = Math.max(
        ...[entry.question, ...entry.alternatives].map((p) => jaccard(tokens(question), tokens(p))),
      )
      expect(closest, question).toBeLessThan(0.7)
    }
  })

  it('measures every figure from the engine and lists each confident miss', () => {
    const result = evaluateTrust()
    expect(result.total).toBe(trustSet.questions.length)
    expect(result.abstention + result.answeredCorrectly + result.confidentButWrong).toBeCloseTo(1, 2)
    expect(result.confidentMisses.length).toBe(Math.round(result.confidentButWrong * result.total))
    expect(result.medianAnswerWords).toBeGreaterThan(0)
  })
})
