/**
 * How far a candidate can trust the offline engine's answers, measured on a held-out set written
 * from interview categories rather than from the knowledge base's wording (trust-set.json). It is
 * read only here and by the tests; nothing of it reaches the search index.
 */
import { z } from 'zod'
import { answerQuestion, type OfflineAnswer } from '#server/ai/offline/answer/answer.ts'
import { spokenPart, spokenWordCount } from '#server/ai/offline/answer/answer-shape.ts'
import { SPOKEN_MAX_WORDS } from '#server/ai/spoken-answer.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import trustSetData from './trust-set.json' with { type: 'json' }

const trustSetSchema = z.strictObject({
  questions: z
    .array(
      z.strictObject({
        category: z.string().min(1),
        question: z.string().trim().min(3),
        /** The knowledge-base entry that answers it, or null when no entry does (the engine should abstain). */
        expected: z.string().min(1).nullable(),
      }),
    )
    .min(1),
  followUps: z
    .array(
      z.strictObject({
        previous: z.string().trim().min(3),
        followUp: z.string().trim().min(3),
        /** The entry the follow-up is about, in the light of the previous question. */
        expected: z.string().min(1),
      }),
    )
    .min(1),
})
export type TrustSet = z.infer<typeof trustSetSchema>

export const trustSet: TrustSet = trustSetSchema.parse(trustSetData)

/** How the engine answers one question, optionally after earlier turns of the same session. */
export type AnswerFn = (question: string, previous: readonly { question: string; answer: string }[]) => OfflineAnswer

const engineAnswer: AnswerFn = (question, previous) => answerQuestion({ question, history: [...previous] })

/** The entry the answer was given from, or null when the engine abstained. */
const answeredFrom = (answer: OfflineAnswer): string | null =>
  answer.source === 'knowledge-base' ? (answer.matches[0]?.id ?? null) : null

const wordsOf = (markdown: string): number =>
  markdown
    .replace(/[*_#`>-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return 0
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

type TrustMiss = { question: string; expected: string | null; answeredFrom: string | null; confidence: number }

export type TrustEvaluation = {
  total: number
  /** Questions whose expected entry is in the knowledge base. */
  covered: number
  /** Of the covered questions: the top-ranked entry is the expected one (whatever the confidence). */
  precisionAt1: number
  /** Of all questions: answered from an entry with confidence, and the entry is not the expected one. */
  confidentButWrong: number
  /** Of all questions: answered with the structured approach instead of a model answer. */
  abstention: number
  /** Of all questions: answered from the expected entry. */
  answeredCorrectly: number
  /** The whole answer, detail included. */
  medianAnswerWords: number
  /** The spoken part: the gist and the points before "More detail". */
  medianSpokenWords: number
  p90SpokenWords: number
  /** Of all questions: the spoken part is at most `SPOKEN_MAX_WORDS`. */
  spokenWithinLimit: number
  followUps: number
  /** Of the follow-ups: answered from the expected entry. */
  followUpAccuracy: number
  confidentMisses: TrustMiss[]
}

const share = (n: number, total: number): number => (total === 0 ? 0 : Math.round((n / total) * 1000) / 1000)

export function evaluateTrust(set: TrustSet = trustSet, answer: AnswerFn = engineAnswer): TrustEvaluation {
  let covered = 0
  let top1 = 0
  let confidentWrong = 0
  let abstained = 0
  let correct = 0
  const lengths: number[] = []
  const spoken: number[] = []
  const confidentMisses: TrustMiss[] = []
  for (const item of set.questions) {
    const expected = item.expected !== null && findEntry(item.expected) ? item.expected : null
    const result = answer(item.question, [])
    const from = answeredFrom(result)
    lengths.push(wordsOf(result.answer))
    spoken.push(spokenWordCount(spokenPart(result.answer)))
    if (expected !== null) {
      covered++
      if (result.matches[0]?.id === expected) top1++
    }
    if (from === null) abstained++
    else if (from === expected) correct++
    else {
      confidentWrong++
      confidentMisses.push({ question: item.question, expected, answeredFrom: from, confidence: result.confidence })
    }
  }
  let followUpsRight = 0
  for (const item of set.followUps) {
    const previous = answer(item.previous, [])
    const result = answer(item.followUp, [{ question: item.previous, answer: previous.answer }])
    if (answeredFrom(result) === item.expected) followUpsRight++
  }
  const total = set.questions.length
  return {
    total,
    covered,
    precisionAt1: share(top1, covered),
    confidentButWrong: share(confidentWrong, total),
    abstention: share(abstained, total),
    answeredCorrectly: share(correct, total),
    medianAnswerWords: median(lengths),
    medianSpokenWords: median(spoken),
    p90SpokenWords: percentile(spoken, 90),
    spokenWithinLimit: share(spoken.filter((words) => words <= SPOKEN_MAX_WORDS).length, total),
    followUps: set.followUps.length,
    followUpAccuracy: share(followUpsRight, set.followUps.length),
    confidentMisses,
  }
}
