import { joinBlocks, type AnswerShape } from './answer-shape.ts'
import { matchedAnswerShape } from './answer-format.ts'
import type { QuestionType } from './classify.ts'
import { namesAKeyTerm, type AnswerMatch } from '#server/ai/offline/search/retrieve.ts'
import { entryGist } from '#server/ai/offline/knowledge/spoken-shape.ts'
import { frameworks, type QuestionFramework } from './question-frameworks.ts'

/** Weak matches at least this confident are offered as "possibly related". */
export const RELATED_MIN_CONFIDENCE = 0.3
/** How many of them the candidate is offered to ask instead, one tap each. */
const SUGGESTIONS_OFFERED = 3
/** Near misses this confident are offered to ask instead: fewer than the text names would leave the right one out, and a wrong one costs a glance. */
const SUGGESTION_MIN_CONFIDENCE = 0.1
/** A near miss this close is worth summarising, clearly labelled as possibly off-target. */
const CLOSEST_TOPIC_MIN_CONFIDENCE = 0.35
/**
 * A near miss this close leads the answer, labelled with the question it answers: on the development
 * parts about three in five such near misses answer what was asked (decision 0180), and the candidate
 * can tell at a glance whether the question named is the one they heard, which the engine cannot.
 */
const LEAD_WITH_CLOSEST_MIN_CONFIDENCE = 0.5
const LED_GIST_OPENING = 'Possibly off target: this answers'

/** Whether a structured-approach answer leads with its closest near miss (the first question it offers). */
export const ledWithNearMiss = (gist: string): boolean => gist.startsWith(LED_GIST_OPENING)

/** Retrieval ranks by words; which near miss most likely answers the question is the confidence's to say. */
const byConfidence = (matches: readonly AnswerMatch[]) => [...matches].sort((a, b) => b.confidence - a.confidence)

/**
 * The knowledge-base questions offered in place of an answer, best first: the near misses a
 * fallback names, which the candidate can ask instead when one is what the interviewer meant.
 */
export function suggestedMatches(related: readonly AnswerMatch[]): AnswerMatch[] {
  return byConfidence(related)
    .filter((m) => m.confidence >= SUGGESTION_MIN_CONFIDENCE)
    .slice(0, SUGGESTIONS_OFFERED)
}

/**
 * The answer when no model answer fits. A near miss likely to be what was asked leads it, labelled
 * with the question it answers, its points to say if it is, and the framework for when it is not;
 * otherwise the answer says it has none, the framework's steps are what to say, and the detail holds
 * how to approach it, what to ask the interviewer, and any loosely related questions.
 */
export function fallbackAnswerShape(options: {
  type: QuestionType
  topics: readonly string[]
  related: readonly AnswerMatch[]
  tieIn: string | null
  /** The framework to follow instead of the type's (terms of employment have their own). */
  framework?: QuestionFramework
}): AnswerShape {
  const framework = options.framework ?? frameworks[options.type]
  // The question's key words, named as such: they are words from it, not a summary of what it is about.
  const topic = options.topics.length > 0 ? ` (its key words: ${options.topics.slice(0, 3).join(', ')})` : ''
  const approach = framework.approach.map((step, i) => `${i + 1}. ${step}`)
  const clarifying = ['**Clarifying questions you can ask**', ...framework.clarifyingQuestions.map((q) => `- ${q}`)]
  const nearMisses = byConfidence(options.related)
  const closest = nearMisses[0]
  const showClosest = closest !== undefined && closest.confidence >= CLOSEST_TOPIC_MIN_CONFIDENCE
  const related = nearMisses.filter((m) => m.confidence >= RELATED_MIN_CONFIDENCE).slice(showClosest ? 1 : 0, 4)
  const relatedLines =
    related.length === 0 ? [] : ['**Possibly related questions**', ...related.map((m) => `- ${m.entry.question}`)]
  const tieIn = options.tieIn === null ? [] : [`**Tie it to your experience:** ${options.tieIn}`]
  // The confidence is fitted on matches that name a key term of the question; without one it says little.
  if (showClosest && closest.confidence >= LEAD_WITH_CLOSEST_MIN_CONFIDENCE && namesAKeyTerm(closest.evidence)) {
    const near = matchedAnswerShape(closest.entry, null)
    return {
      gist: `${LED_GIST_OPENING} *${closest.entry.question}*`,
      points: [near.gist, ...near.points],
      detail: joinBlocks(
        near.detail,
        [`**If it is not what was asked**, answer it with ${framework.name}${topic}:`, ...approach],
        clarifying,
        relatedLines,
        tieIn,
      ),
    }
  }
  const closestLines = showClosest
    ? [
        `**The closest question I have an answer for** (it may not be what was asked): *${closest.entry.question}*`,
        entryGist(closest.entry),
      ]
    : []
  return {
    gist: `I have no prepared answer for this question${topic}. Answer it with ${framework.name}.`,
    points: framework.steps,
    detail: joinBlocks(['**How to approach it**', ...approach], clarifying, closestLines, relatedLines, tieIn),
  }
}
