import { AnswerText } from '../answer-text.tsx'
import { formatTime } from '#src/interview/display.ts'
import { questionCategoryLabels } from '#rules/question-category.ts'
import { RatingForm } from './rating-form.tsx'
import { reviewModeLabels, sourceLabels, trustLabels } from '#rules/review-labels.ts'
import type { ReviewQuestion } from './review-types.ts'

const trustTone: Record<ReviewQuestion['trust'], string> = {
  confident: 'bg-success-soft text-success-strong',
  'low-confidence': 'bg-warning-soft text-warning',
  abstained: 'bg-danger-soft text-red-900 dark:text-red-200',
  unknown: 'bg-muted text-fg-strong',
}

/** One question of the review: when and how it was asked, what was answered, how far to trust it, and its rating. */
export function ReviewQuestionItem({ sessionId, question }: { sessionId: string; question: ReviewQuestion }) {
  const headingId = `review-question-${question.id}`
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm"
      data-question-id={question.id}
    >
      <p className="text-xs text-fg-muted">
        <time dateTime={question.askedAt}>{formatTime(question.askedAt)}</time> · {reviewModeLabels[question.mode]} ·{' '}
        {questionCategoryLabels[question.category]}
      </p>
      <h3 id={headingId} className="mt-1 font-semibold break-words text-fg">
        {question.number}. {question.question ?? 'The words of this question are no longer readable.'}
      </h3>
      <div className="mt-2 text-sm text-fg-strong">
        {question.answer === null ? <p>The answer is no longer readable.</p> : <AnswerText text={question.answer} />}
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-fg-body">
        <span className={`rounded-full px-2 py-0.5 font-medium ${trustTone[question.trust]}`}>
          {trustLabels[question.trust]}
          {question.confidence === null ? '' : ` (${Math.round(question.confidence * 100)} %)`}
        </span>
        {question.source && <span>Source: {sourceLabels[question.source]}</span>}
        <span>Answered in {question.latencyMs.toLocaleString('en-US')} ms</span>
      </p>
      <RatingForm key={`${question.rating}-${question.note}`} sessionId={sessionId} question={question} />
    </li>
  )
}
