import { splitSentences } from './answer-format.ts'
import type { QuestionType } from './classify.ts'
import type { AnswerMatch } from '#server/ai/offline/search/retrieve.ts'
import { frameworks } from './question-frameworks.ts'

/** Weak matches at least this confident are offered as "possibly related". */
export const RELATED_MIN_CONFIDENCE = 0.3
/** A near miss this close is worth summarising, clearly labelled as possibly off-target. */
const CLOSEST_TOPIC_MIN_CONFIDENCE = 0.35

/**
 * The answer when no model answer fits: how to approach this kind of question, what to ask the
 * interviewer, a framework to follow, and any loosely related questions from the knowledge base.
 */
export function formatFallbackAnswer(options: {
  type: QuestionType
  topics: readonly string[]
  related: readonly AnswerMatch[]
  tieIn: string | null
}): string {
  const framework = frameworks[options.type]
  const topic = options.topics.length > 0 ? ` about ${options.topics.slice(0, 3).join(', ')}` : ''
  const lines: string[] = [
    `**No close match in the offline knowledge base for this question${topic}.** Here is a reliable way to answer it.`,
    '',
    '**How to approach it**',
    ...framework.approach.map((step, i) => `${i + 1}. ${step}`),
    '',
    '**Clarifying questions you can ask**',
    ...framework.clarifyingQuestions.map((q) => `- ${q}`),
    '',
    `**Framework: ${framework.name}**`,
    ...framework.steps.map((step) => `- ${step}`),
  ]
  const closest = options.related[0]
  if (closest && closest.confidence >= CLOSEST_TOPIC_MIN_CONFIDENCE) {
    const [gist = closest.entry.answer] = splitSentences(closest.entry.answer)
    lines.push(
      '',
      `**Closest topic in the knowledge base** (it may not be what was asked): *${closest.entry.question}*`,
      gist,
    )
  }
  const related = options.related
    .filter((m) => m.confidence >= RELATED_MIN_CONFIDENCE)
    .slice(closest && closest.confidence >= CLOSEST_TOPIC_MIN_CONFIDENCE ? 1 : 0, 4)
  if (related.length > 0) {
    lines.push('', '**Possibly related questions**', ...related.map((m) => `- ${m.entry.question}`))
  }
  if (options.tieIn !== null) lines.push('', `**Tie it to your experience:** ${options.tieIn}`)
  return lines.join('\n')
}
