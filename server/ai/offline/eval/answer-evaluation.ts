/**
 * How far a candidate can trust the offline engine's answers on one part of the question sets:
 * on topic, confidently wrong, abstained, length, follow-ups, how the confidence is calibrated
 * (for each confidence bucket, the share of questions whose top entry answers them), where the
 * ranking puts an entry that answers and the most on topic any confidence could make of it, and how
 * often an abstention's leading near miss answers the question.
 */
import { answerQuestion, type OfflineAnswer } from '#server/ai/offline/answer/answer.ts'
import { spokenPart, spokenWordCount } from '#server/ai/offline/answer/answer-shape.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { SPOKEN_MAX_WORDS } from '#rules/spoken-answer.ts'
import { ledWithNearMiss } from '#server/ai/offline/answer/fallback.ts'

/** A question and the entries that answer it; none (or only entries the knowledge base lacks): abstaining is right. */
export type GradedQuestion = {
  question: string
  accept: readonly string[]
  context?: InterviewContext
  /** A wrong answer form that makes the answer off topic whatever entry it came from. */
  wrongForm?: (answer: string) => boolean
}

type GradedFollowUp = {
  previous: string
  question: string
  /** Whether the question needs the previous one to be understood. */
  isFollowUp: boolean
  accept: readonly string[]
}

export type EvaluationPart = {
  name: string
  questions: readonly GradedQuestion[]
  followUps: readonly GradedFollowUp[]
}

/** How the engine answers one question, optionally after earlier turns of the same session. */
export type AnswerFn = (
  question: string,
  previous: readonly { question: string; answer: string }[],
  context?: InterviewContext,
) => OfflineAnswer

const engineAnswer: AnswerFn = (question, previous, context) =>
  answerQuestion({ question, history: [...previous], context })

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

const share = (n: number, total: number): number => (total === 0 ? 0 : Math.round((n / total) * 1000) / 1000)

/** Lower bounds of the confidence buckets of the calibration table. */
const CALIBRATION_BUCKETS = [0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] as const

type CalibrationRow = {
  /** "0.6–0.7" */
  bucket: string
  questions: number
  /** Of these questions: the top-ranked entry is one that answers the question. */
  topEntryRight: number
}

type AnswerMiss = {
  question: string
  accept: readonly string[]
  answeredFrom: string | null
  confidence: number
  why: 'wrong entry' | 'wrong form' | 'abstained with an entry'
}

export type PartEvaluation = {
  name: string
  total: number
  /** Answered from an entry that answers it in the right form, or abstained where no entry does. */
  onTopic: number
  /**
   * Answered from an entry that answers it in the right form: what the candidate can use. Unlike
   * on topic it does not count right abstentions, so an entry added for a question the engine
   * then fails to find lowers on topic but leaves this as it was.
   */
  answeredRight: number
  /** Answered from an entry with confidence, and the entry (or its form) does not answer the question. */
  confidentButWrong: number
  /** Answered with the structured approach instead of an entry. */
  abstention: number
  /** Of the abstentions where an entry answers: an entry that answers is among those offered to ask instead. */
  abstainedWithEntry: number
  rightOffered: number
  /** Of the abstentions: those led by their closest near miss, and of them those whose near miss answers. */
  ledWithNearMiss: number
  ledRight: number
  /** The whole answer, detail included. */
  medianAnswerWords: number
  /** The spoken part: the gist and the points before "More detail". */
  medianSpokenWords: number
  p90SpokenWords: number
  spokenWithinLimit: number
  calibration: CalibrationRow[]
  /** Questions some entry of the knowledge base answers. */
  answerable: number
  /** Of those: the entry ranked first answers it, whatever the confidence. */
  rightEntryFirst: number
  /** Of those: an entry that answers it is among the matches returned with the answer. */
  rightEntryReturned: number
  /**
   * The most on topic any confidence could make of this ranking: answering exactly the questions whose
   * first entry answers them and abstaining on the rest. What lies above it needs a better ranking,
   * or entries for the questions none answers, not a better threshold.
   */
  onTopicAtBest: number
  followUps: number
  /** Of the follow-up pairs: answered from an entry that answers the question in the light of (or apart from) the previous one. */
  followUpsRight: number
  misses: AnswerMiss[]
}

function bucketOf(confidence: number): number {
  let index = 0
  CALIBRATION_BUCKETS.forEach((lower, i) => {
    if (confidence >= lower) index = i
  })
  return index
}

/** For each confidence bucket, how many questions fall in it and for how many the top entry answers. */
export function calibrationTable(rows: readonly { confidence: number; right: boolean }[]): CalibrationRow[] {
  return CALIBRATION_BUCKETS.map((lower, i) => {
    const upper = CALIBRATION_BUCKETS[i + 1] ?? 1
    const inBucket = rows.filter((row) => bucketOf(row.confidence) === i)
    return {
      bucket: `${lower.toFixed(1)}–${upper.toFixed(1)}`,
      questions: inBucket.length,
      topEntryRight: inBucket.filter((row) => row.right).length,
    }
  })
}

export function evaluatePart(part: EvaluationPart, answer: AnswerFn = engineAnswer): PartEvaluation {
  let onTopic = 0
  let answeredRight = 0
  let confidentWrong = 0
  let abstained = 0
  let abstainedWithEntry = 0
  let rightOffered = 0
  let ledWithNearMissCount = 0
  let ledRight = 0
  const lengths: number[] = []
  const spoken: number[] = []
  const calibration: { confidence: number; right: boolean }[] = []
  let answerable = 0
  let rightEntryFirst = 0
  let rightEntryReturned = 0
  const misses: AnswerMiss[] = []
  for (const item of part.questions) {
    const accepted = item.accept.filter((id) => findEntry(id) !== undefined)
    const result = answer(item.question, [], item.context)
    const from = answeredFrom(result)
    lengths.push(wordsOf(result.answer))
    spoken.push(spokenWordCount(spokenPart(result.answer)))
    const top = result.matches[0]?.id
    const topRight = top !== undefined && accepted.includes(top)
    calibration.push({ confidence: result.confidence, right: topRight })
    if (accepted.length > 0) {
      answerable++
      if (topRight) rightEntryFirst++
      if (result.matches.some((match) => accepted.includes(match.id))) rightEntryReturned++
    }
    const miss = (why: AnswerMiss['why']) =>
      misses.push({ question: item.question, accept: accepted, answeredFrom: from, confidence: result.confidence, why })
    const wrongForm = item.wrongForm?.(result.answer) ?? false
    if (from === null) {
      abstained++
      if (ledWithNearMiss(result.gist)) {
        ledWithNearMissCount++
        if (accepted.includes(result.suggestions[0]?.id ?? '')) ledRight++
      }
      if (accepted.length > 0) {
        miss('abstained with an entry')
        abstainedWithEntry++
        if (result.suggestions.some((s) => accepted.includes(s.id))) rightOffered++
      } else if (wrongForm) miss('wrong form')
      else onTopic++
    } else if (!accepted.includes(from)) {
      confidentWrong++
      miss('wrong entry')
    } else if (wrongForm) {
      confidentWrong++
      miss('wrong form')
    } else {
      onTopic++
      answeredRight++
    }
  }
  let followUpsRight = 0
  for (const item of part.followUps) {
    const previous = answer(item.previous, [])
    const result = answer(item.question, [{ question: item.previous, answer: previous.answer }])
    const from = answeredFrom(result)
    if (from !== null && item.accept.includes(from)) followUpsRight++
    else
      misses.push({
        question: `${item.previous} → ${item.question}`,
        accept: item.accept,
        answeredFrom: from,
        confidence: result.confidence,
        why: from === null ? 'abstained with an entry' : 'wrong entry',
      })
  }
  const total = part.questions.length
  return {
    name: part.name,
    total,
    onTopic: share(onTopic, total),
    answeredRight: share(answeredRight, total),
    confidentButWrong: share(confidentWrong, total),
    abstention: share(abstained, total),
    abstainedWithEntry,
    rightOffered,
    ledWithNearMiss: ledWithNearMissCount,
    ledRight,
    medianAnswerWords: median(lengths),
    medianSpokenWords: median(spoken),
    p90SpokenWords: percentile(spoken, 90),
    spokenWithinLimit: share(spoken.filter((words) => words <= SPOKEN_MAX_WORDS).length, total),
    calibration: calibrationTable(calibration),
    answerable,
    rightEntryFirst,
    rightEntryReturned,
    onTopicAtBest: share(rightEntryFirst + total - answerable, total),
    followUps: part.followUps.length,
    followUpsRight,
    misses,
  }
}
