import type { AnswerShape } from './answer-shape.ts'
import type { QuestionType } from './classify.ts'
import type { AnswerMatch } from '#server/ai/offline/search/retrieve.ts'
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
 * The answer when no model answer fits: it says so first, the framework's steps are what to say,
 * and the detail holds how to approach it, what to ask the interviewer, and any loosely related
 * questions from the knowledge base.
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
  const detail: string[] = [
    '**How to approach it**',
    ...framework.approach.map((step, i) => `${i + 1}. ${step}`),
    '',
    '**Clarifying questions you can ask**',
    ...framework.clarifyingQuestions.map((q) => `- ${q}`),
  ]
  const nearMisses = byConfidence(options.related)
  const closest = nearMisses[0]
  const showClosest = closest !== undefined && closest.confidence >= CLOSEST_TOPIC_MIN_CONFIDENCE
  if (showClosest) {
    detail.push(
      '',
      `**The closest question I have an answer for** (it may not be what was asked): *${closest.entry.question}*`,
      entryGist(closest.entry),
    )
  }
  const related = nearMisses.filter((m) => m.confidence >= RELATED_MIN_CONFIDENCE).slice(showClosest ? 1 : 0, 4)
  if (related.length > 0) {
    detail.push('', '**Possibly related questions**', ...related.map((m) => `- ${m.entry.question}`))
  }
  if (options.tieIn !== null) detail.push('', `**Tie it to your experience:** ${options.tieIn}`)
  return {
    gist: `I have no prepared answer for this question${topic}. Answer it with ${framework.name}.`,
    points: framework.steps,
    detail,
  }
}
