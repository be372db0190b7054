import { Link } from '@tanstack/react-router'
import { findPlan } from '#app.catalog.ts'
import { formatDateTime, formatDuration, modeLabel } from '#src/interview/display.ts'
import type { HistorySession } from '#src/interview/interview-types.ts'
import { CountedBadge } from './counted-badge.tsx'
import { QuestionItem } from './question-item.tsx'
import { SessionTimeline } from './session-timeline.tsx'

export function SessionCard({ session }: { session: HistorySession }) {
  const headingId = `session-${session.id}`
  const duration = formatDuration(session.startedAt, session.endedAt)
  return (
    <article
      aria-labelledby={headingId}
      data-session-id={session.id}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-fg">
            {modeLabel(session.mode)} session on{' '}
            <time dateTime={session.startedAt}>{formatDateTime(session.startedAt)}</time>
          </h3>
          <p className="mt-1 text-sm text-fg-muted">
            {findPlan(session.planType)?.name ?? session.planType} plan · {session.questionsAsked}{' '}
            {session.questionsAsked === 1 ? 'question' : 'questions'}
            {session.endedAt ? ` · ended ${formatDateTime(session.endedAt)}` : ' · still active'}
            {duration && ` · ${duration}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {session.endedAt && (
            <Link
              to="/review/$sessionId"
              params={{ sessionId: session.id }}
              className="text-sm font-semibold text-accent hover:underline focus-ring"
            >
              Open the review
            </Link>
          )}
          <CountedBadge session={session} />
        </div>
      </header>
      <div className="mt-5 grid gap-6 lg:grid-cols-3">
        <section aria-label="Questions and answers" className="lg:col-span-2">
          {session.questions.length === 0 ? (
            <p className="text-sm text-fg-muted">No questions were asked in this session.</p>
          ) : (
            <ol className="space-y-3">
              {session.questions.map((question, index) => (
                <QuestionItem key={question.id} question={question} number={index + 1} />
              ))}
            </ol>
          )}
        </section>
        <SessionTimeline session={session} />
      </div>
    </article>
  )
}
