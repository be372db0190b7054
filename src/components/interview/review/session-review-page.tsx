import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { findPlan } from '#app.catalog.ts'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { formatDateTime, modeLabel } from '#src/interview/display.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { usePlanFeatures } from '../use-plan-features.ts'
import { PracticeList } from './practice-list.tsx'
import { ReviewDownloads } from './review-downloads.tsx'
import { ReviewQuestionItem } from './review-question-item.tsx'
import { ReviewSummaryCard } from './review-summary.tsx'
import type { ReviewCounts } from './review-types.ts'

const linkClass = 'font-semibold text-accent hover:underline focus-ring'

/** An ended session's review: in full with interview analytics, as counts and the way to upgrade without. */
export function SessionReviewPage({ sessionId }: { sessionId: string }) {
  const features = usePlanFeatures()
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/history" className={`text-sm ${linkClass}`}>
        ← Back to your history
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-fg">Interview review</h1>
      {features.interviewAnalytics ? <FullReview sessionId={sessionId} /> : <CountsOnly sessionId={sessionId} />}
    </main>
  )
}

function SessionLine({ session }: { session: ReviewCounts['session'] }) {
  return (
    <p className="mt-2 text-fg-muted">
      {modeLabel(session.mode)} session on <time dateTime={session.startedAt}>{formatDateTime(session.startedAt)}</time>
    </p>
  )
}

function FullReview({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC()
  const review = useQuery({ ...trpc.interviews.sessionReview.queryOptions({ id: sessionId }), retry: false })
  if (review.isPending) return <Spinner label="Loading the review" className="py-10" />
  if (review.isError)
    return (
      <div className="mt-6">
        <LoadError
          message={`Could not load this review: ${review.error.message}`}
          onRetry={() => void review.refetch()}
          retrying={review.isFetching}
        />
      </div>
    )
  const { session, summary, questions, practice } = review.data
  return (
    <>
      <SessionLine session={session} />
      <div className="mt-6 space-y-6">
        <ReviewDownloads sessionId={session.id} startedAt={session.startedAt} />
        <ReviewSummaryCard summary={summary} durationMs={session.durationMs} />
        <PracticeList items={practice} />
        <section aria-labelledby="review-questions-heading">
          <h2 id="review-questions-heading" className="mb-3 text-lg font-semibold text-fg">
            Questions and answers
          </h2>
          {questions.length === 0 ? (
            <p className="text-sm text-fg-muted">No questions were asked in this interview.</p>
          ) : (
            <ol className="space-y-4">
              {questions.map((question) => (
                <ReviewQuestionItem key={question.id} sessionId={session.id} question={question} />
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  )
}

function CountsOnly({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC()
  const counts = useQuery({ ...trpc.interviews.sessionReviewCounts.queryOptions({ id: sessionId }), retry: false })
  if (counts.isPending) return <Spinner label="Loading the review" className="py-10" />
  if (counts.isError)
    return (
      <div className="mt-6">
        <LoadError
          message={`Could not load this review: ${counts.error.message}`}
          onRetry={() => void counts.refetch()}
          retrying={counts.isFetching}
        />
      </div>
    )
  return (
    <>
      <SessionLine session={counts.data.session} />
      <div className="mt-6 space-y-6">
        <ReviewSummaryCard summary={counts.data.summary} durationMs={counts.data.session.durationMs} />
        <section
          aria-labelledby="upgrade-heading"
          className="rounded-2xl border border-accent-line bg-accent-subtle p-5"
          data-testid="review-upgrade"
        >
          <h2 id="upgrade-heading" className="text-lg font-semibold text-fg">
            See every question and answer
          </h2>
          <p className="mt-1 text-sm text-fg-body">
            The full review (each question with its answer, how confident it was, how long it took, your ratings and
            what to practise next) comes with the {findPlan('pro')?.name ?? 'Pro'} plan.{' '}
            <Link to="/pricing" className={linkClass}>
              Upgrade to {findPlan('pro')?.name ?? 'Pro'}
            </Link>
          </p>
        </section>
      </div>
    </>
  )
}
