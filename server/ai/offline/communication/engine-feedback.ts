import type { CommunicationFeedback, InterviewContext } from '#server/ai/ai-schemas.ts'
import { improveCommunication, type CommunicationFeedback as OfflineFeedback } from './improve-communication.ts'
import { LONG_SENTENCE_WORDS, TOO_LONG_WORDS, TOO_SHORT_WORDS } from './score.ts'

type FeedbackFields = Omit<CommunicationFeedback, 'provider' | 'model' | 'latencyMs' | 'usage'>

/** The 0–100 clarity score on the 1–10 scale every engine reports. */
function scoreOutOfTen(clarity: number): number {
  return Math.min(10, Math.max(1, Math.round(clarity / 10)))
}

/** What the answer already does well, read off the same measurements as the issues. */
function strengthsOf(feedback: OfflineFeedback, response: string): string[] {
  const { metrics, star } = feedback
  const strengths: string[] = []
  if (metrics.wordCount >= TOO_SHORT_WORDS && metrics.wordCount <= TOO_LONG_WORDS) {
    strengths.push(`A good length for a spoken answer: about ${metrics.speakingTimeSeconds} seconds.`)
  }
  if (metrics.wordCount >= TOO_SHORT_WORDS && metrics.fillers.total === 0)
    strengths.push('No filler words, so it sounds prepared.')
  if (metrics.wordCount >= TOO_SHORT_WORDS && metrics.hedges.total === 0)
    strengths.push('Direct wording without hedging, so it sounds confident.')
  if (metrics.passiveVoice.count === 0 && /\b(I|we)\b/.test(response))
    strengths.push('Active voice: it is clear who did what.')
  if (
    metrics.sentenceCount > 1 &&
    metrics.longSentences.length === 0 &&
    metrics.averageSentenceLength <= LONG_SENTENCE_WORDS * 0.8
  ) {
    strengths.push('Short sentences that are easy to follow when spoken.')
  }
  if (star.applicable && star.missing.length === 0)
    strengths.push('A complete STAR story: situation, task, action and result.')
  else if (star.applicable && star.present.result)
    strengths.push('It ends with a result, which is what interviewers remember.')
  if (/\d/.test(response) && (star.present.result || /%|percent|\b\d+x\b/i.test(response)))
    strengths.push('Backs the outcome with a number.')
  return strengths
}

export function feedbackFromRules(response: string, context: InterviewContext): FeedbackFields {
  const feedback = improveCommunication({ response, context })
  const { metrics } = feedback
  return {
    improvedResponse: feedback.improvedResponse,
    strengths: strengthsOf(feedback, response),
    suggestions: feedback.suggestions.map((suggestion) => suggestion.message),
    score: scoreOutOfTen(feedback.score),
    clarity: {
      score: feedback.scoreBreakdown.score,
      penalties: feedback.scoreBreakdown.penalties,
      formula: feedback.scoreBreakdown.formula,
    },
    metrics: {
      ...metrics,
      longSentences: metrics.longSentences.map(({ text, wordCount }) => ({ text, wordCount })),
      fillers: { ...metrics.fillers, items: metrics.fillers.items.map(({ phrase, count }) => ({ phrase, count })) },
      hedges: { ...metrics.hedges, items: metrics.hedges.items.map(({ phrase, count }) => ({ phrase, count })) },
      passiveVoice: {
        count: metrics.passiveVoice.count,
        items: metrics.passiveVoice.items.map(({ text, sentence, activeSuggestion }) => ({
          text,
          sentence,
          activeSuggestion,
        })),
      },
    },
    issues: feedback.issues,
    star: feedback.star,
    detailedSuggestions: feedback.suggestions,
  }
}
