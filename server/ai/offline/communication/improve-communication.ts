import { z } from 'zod'
import { interviewContextSchema } from '#server/ai/ai-schemas.ts'
import { classifyQuestion } from '#server/ai/offline/answer/classify.ts'
import { OFFLINE_QUESTION_LIMIT } from '#server/ai/offline/answer/question-input.ts'
import { detectFillers } from './fillers.ts'
import { detectHedges } from './hedges.ts'
import { improveText } from './improve-text.ts'
import { countByPhrase, type PhraseCount } from './occurrence.ts'
import { detectPassive } from './passive.ts'
import { repeatedWords, stutters, type RepeatedWord, type Stutter } from './repetition.ts'
import { clarityScore, LONG_SENTENCE_WORDS, type ClarityScore, type ScoreFactor } from './score.ts'
import { detectStar, type StarAnalysis } from './star.ts'
import { buildSuggestions, type Suggestion } from './suggestions.ts'
import { excerpt, splitIntoSentences, tokenizeWords } from './words.ts'

const SPEAKING_RATE_WPM = 140

const answeredQuestionSchema = z.string().max(OFFLINE_QUESTION_LIMIT)

/** A spoken answer, with the interview context and the question it answers, which decides STAR. */
const improveCommunicationInputSchema = z.object({
  response: z.string().trim().min(1, 'Response is required').max(20_000),
  context: z
    .union([
      // A bare string is the question the response answers.
      answeredQuestionSchema.transform((question) => ({ question })),
      interviewContextSchema.extend({ question: answeredQuestionSchema.optional() }),
    ])
    .optional(),
})
type ImproveCommunicationInput = z.input<typeof improveCommunicationInputSchema>

type CommunicationIssue = {
  type: ScoreFactor
  severity: 'low' | 'medium' | 'high'
  message: string
  count: number
  examples: string[]
}

type CommunicationMetrics = {
  wordCount: number
  sentenceCount: number
  speakingTimeSeconds: number
  wordsPerMinute: number
  averageSentenceLength: number
  longestSentenceWords: number
  longSentences: { text: string; wordCount: number; index: number }[]
  fillers: { total: number; per100Words: number; items: PhraseCount[] }
  hedges: { total: number; items: PhraseCount[] }
  passiveVoice: {
    count: number
    items: {
      text: string
      sentence: string
      index: number
      agent: string | null
      activeSuggestion: string | null
    }[]
  }
  repeatedWords: RepeatedWord[]
  stutters: Stutter[]
}

export type CommunicationFeedback = {
  score: number
  scoreBreakdown: ClarityScore
  metrics: CommunicationMetrics
  issues: CommunicationIssue[]
  suggestions: Suggestion[]
  improvedResponse: string
  star: StarAnalysis
}

function severity(points: number): CommunicationIssue['severity'] {
  return points >= 10 ? 'high' : points >= 5 ? 'medium' : 'low'
}

function round1(n: number): number {
  return Math.round(n * 10) / 10
}

/**
 * Rule-based feedback on a spoken answer: length and speaking time, fillers, hedges, passive
 * voice, sentence length, repetition, STAR structure, a transparent clarity score, a cleaned-up
 * version of the answer and prioritised suggestions that quote the user's own words.
 */
export function improveCommunication(input: ImproveCommunicationInput): CommunicationFeedback {
  const { response, context } = improveCommunicationInputSchema.parse(input)
  const text = response
  const words = tokenizeWords(text)
  const sentences = splitIntoSentences(text, words)
  const wordCount = words.length
  const fillers = detectFillers(text, words)
  const hedges = detectHedges(words)
  const passive = detectPassive(text, sentences)
  const repeated = repeatedWords(words)
  const stutterList = stutters(text, words)
  const sentenceLengths = sentences.map((s) => s.words.length)
  const averageSentenceLength = sentences.length === 0 ? 0 : wordCount / sentences.length
  const longSentences = sentences
    .filter((s) => s.words.length > LONG_SENTENCE_WORDS)
    .map((s) => ({ text: s.text, wordCount: s.words.length, index: s.start }))

  const question = context?.question
  const isBehavioural =
    question !== undefined && question.trim() !== '' ? classifyQuestion(question) === 'behavioural' : null
  const starProbe = detectStar(text, false)
  // Without the question, a response that already tells a story (two STAR cues) is held to STAR.
  const star = detectStar(text, isBehavioural ?? starProbe.score >= 2)

  const score = clarityScore({
    wordCount,
    fillerCount: fillers.length,
    hedgeCount: hedges.length,
    passiveCount: passive.length,
    longSentenceCount: longSentences.length,
    averageSentenceLength,
    repeatedExtraUses: repeated.reduce((sum, r) => sum + (r.count - 2), 0),
    stutterCount: stutterList.length,
    starApplicable: star.applicable,
    starMissing: star.missing.length,
  })
  const speakingTimeSeconds = Math.round((wordCount / SPEAKING_RATE_WPM) * 60)
  const fillerCounts = countByPhrase(fillers)
  const hedgeCounts = countByPhrase(hedges)

  const metrics: CommunicationMetrics = {
    wordCount,
    sentenceCount: sentences.length,
    speakingTimeSeconds,
    wordsPerMinute: SPEAKING_RATE_WPM,
    averageSentenceLength: round1(averageSentenceLength),
    longestSentenceWords: Math.max(0, ...sentenceLengths),
    longSentences,
    fillers: {
      total: fillers.length,
      per100Words: wordCount === 0 ? 0 : round1((fillers.length / wordCount) * 100),
      items: fillerCounts,
    },
    hedges: { total: hedges.length, items: hedgeCounts },
    passiveVoice: {
      count: passive.length,
      items: passive.map((p) => ({
        text: p.text,
        sentence: p.sentence,
        index: p.index,
        agent: p.agent,
        activeSuggestion: p.activeSentence ?? p.firstPersonSentence,
      })),
    },
    repeatedWords: repeated,
    stutters: stutterList,
  }

  const points = new Map(score.penalties.map((p) => [p.factor, p.points]))
  const issues: CommunicationIssue[] = []
  const addIssue = (type: ScoreFactor, count: number, message: string, examples: string[]): void => {
    if (count > 0)
      issues.push({ type, severity: severity(points.get(type) ?? 0), message, count, examples: examples.slice(0, 3) })
  }
  addIssue(
    'fillers',
    fillers.length,
    `${fillers.length} filler words (${metrics.fillers.per100Words} per 100 words).`,
    fillers.map((f) => excerpt(text, f.start, f.end, 3)),
  )
  addIssue(
    'hedges',
    hedges.length,
    `${hedges.length} hedging phrases that make the answer sound unsure.`,
    hedges.map((h) => excerpt(text, h.start, h.end, 3)),
  )
  addIssue(
    'passive',
    passive.length,
    `${passive.length} passive constructions hide who did the work.`,
    passive.map((p) => p.text),
  )
  addIssue(
    'long-sentences',
    longSentences.length,
    `${longSentences.length} sentences longer than ${LONG_SENTENCE_WORDS} words.`,
    longSentences.map((s) => s.text),
  )
  addIssue('repetition', repeated.length + stutterList.length, 'Repeated words.', [
    ...repeated.map((r) => `${r.word} ×${r.count}`),
    ...stutterList.map((s) => `${s.word} ${s.word}`),
  ])
  if ((points.get('length') ?? 0) > 0)
    addIssue('length', 1, `${wordCount} words is ${wordCount < 30 ? 'too short' : 'too long'} for a spoken answer.`, [])
  if (star.applicable) addIssue('star', star.missing.length, `STAR parts missing: ${star.missing.join(', ')}.`, [])
  issues.sort((a, b) => (points.get(b.type) ?? 0) - (points.get(a.type) ?? 0))

  return {
    score: score.score,
    scoreBreakdown: score,
    metrics,
    issues,
    suggestions: buildSuggestions({
      text,
      sentences,
      wordCount,
      speakingTimeSeconds,
      fillers,
      fillerCounts,
      hedges,
      passive,
      longSentences,
      repeated,
      stutters: stutterList,
      star,
      score,
      isBehavioural: isBehavioural ?? star.applicable,
    }),
    improvedResponse: improveText(text),
    star,
  }
}
