import { formatDateTime, formatLatency, sourceLabel } from '#src/interview/display.ts'
import type { HistoryQuestion } from '#src/interview/interview-types.ts'
import { AnswerText } from '#src/components/interview/answer-text.tsx'

export function QuestionItem({ question, number }: { question: HistoryQuestion; number: number }) {
  const asked = question.question ?? question.transcript ?? '(not readable)'
  return (
    <li className="rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <span className="rounded-full bg-muted px-2 py-0.5 font-semibold text-fg-body">
          {sourceLabel(question.source)}
        </span>
        <time dateTime={question.askedAt}>{formatDateTime(question.askedAt)}</time>
        {question.contextUsed && <span>· context used</span>}
      </div>
      <h4 className="mt-2 font-semibold break-words text-fg">
        <span className="sr-only">Question {number}: </span>
        {asked}
      </h4>
      {question.transcript && question.transcript !== question.question && (
        <p className="mt-1 text-sm text-fg-muted italic">Heard: “{question.transcript}”</p>
      )}
      <div className="mt-3">
        {question.answer ? (
          <AnswerText text={question.answer} />
        ) : (
          <p className="text-sm text-fg-muted">No answer was recorded.</p>
        )}
      </div>
      <p className="mt-3 text-xs text-fg-muted" data-testid="answer-meta">
        Answered in {formatLatency(question.latencyMs)}
      </p>
    </li>
  )
}
