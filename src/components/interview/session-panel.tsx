import { Link } from '@tanstack/react-router'
import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { labelClass } from '#src/components/ui/form-styles.ts'
import { formatDateTime } from '#src/interview/display.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import type { InterviewContext, InterviewSession, UsageLimits } from '#src/interview/interview-types.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { planLifecycle } from '#rules/plan-lifecycle.ts'
import { formatLongDate } from '#src/lib/dates.ts'
import { planLabel } from '#src/payments/subscription-display.ts'
import { Card } from '#src/components/ui/card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { UsageBar } from '#src/components/dashboard/usage-bar.tsx'
import { useUsageLimits } from '#src/components/dashboard/use-usage-limits.ts'
import { Spinner } from '#src/components/spinner.tsx'
import { ErrorAlert } from './error-alert.tsx'
import { PricingLinkedText } from './pricing-linked-text.tsx'
import { useInterviewInvalidation } from './use-interview-invalidation.ts'
import { Button } from '#src/components/ui/button.tsx'

type Props = { session: InterviewSession | null; sessionContext: () => InterviewContext | undefined }

/** Start and end a session (each one takes an interview of the period), with the usage it leaves. */
export function SessionPanel({ session, sessionContext }: Props) {
  const trpc = useTRPC()
  const usage = useUsageLimits()
  const invalidate = useInterviewInvalidation()
  const [mode, setMode] = useState<'text' | 'voice'>('text')
  const [error, setError] = useState<string | null>(null)
  const modeId = useId()
  const start = useMutation(
    trpc.interviews.sessionStart.mutationOptions({
      onMutate: () => setError(null),
      onError: (failure) => setError(failureText(sessionFailures.start, errorMessage(failure, ''))),
      onSettled: invalidate,
    }),
  )
  const end = useMutation(
    trpc.interviews.sessionEnd.mutationOptions({
      onMutate: () => setError(null),
      onError: (failure) => setError(failureText(sessionFailures.end, errorMessage(failure, ''))),
      onSettled: invalidate,
    }),
  )
  const startSession = () => {
    const context = sessionContext()
    start.mutate({ mode, ...(context ? { context } : {}) })
  }
  const busy = start.isPending || end.isPending
  // Nothing left to start with: the button says so by being off, and the summary says what to do.
  const usedUp = usage.data !== undefined && usage.data.planType !== 'none' && usage.data.interviews.remaining <= 0

  return (
    <Card id="session-heading" title="Session">
      {usage.isPending ? (
        <Spinner label="Loading your usage" className="py-4" />
      ) : usage.isError ? (
        <LoadError
          message={`Could not load your interview usage: ${usage.error.message}`}
          onRetry={() => void usage.refetch()}
          retrying={usage.isFetching}
        />
      ) : (
        <UsageSummary usage={usage.data} />
      )}
      {session ? (
        <div className="mt-4 rounded-xl bg-success-subtle p-3 text-sm text-success-strong" data-testid="active-session">
          <p className="font-semibold">Session active ({session.mode} mode)</p>
          <p>
            Started {formatDateTime(session.startedAt)} · {session.questionsAsked}{' '}
            {session.questionsAsked === 1 ? 'question' : 'questions'}
            {session.context ? ' · context saved' : ''}
          </p>
        </div>
      ) : (
        <div className="mt-4">
          <label htmlFor={modeId} className={labelClass}>
            Mode
          </label>
          <select
            id={modeId}
            value={mode}
            onChange={(event) => setMode(event.target.value === 'voice' ? 'voice' : 'text')}
            className="mt-1 rounded-lg border border-control bg-canvas px-3 py-2 text-sm focus-field"
          >
            <option value="text">Text</option>
            <option value="voice">Voice</option>
          </select>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {session ? (
          <Button
            variant="secondary"

            onClick={() => end.mutate({ sessionId: session.id })}
            disabled={busy}
          >
            {end.isPending ? 'Ending...' : 'End session'}
          </Button>
        ) : (
          <Button variant="primary" onClick={startSession} disabled={busy || usedUp}>
            {start.isPending ? 'Starting...' : 'Start session'}
          </Button>
        )}
      </div>
      {!session && end.data && (
        <p className="mt-3 text-sm" role="status">
          Session ended.{' '}
          <Link
            to="/review/$sessionId"
            params={{ sessionId: end.data.id }}
            className="font-semibold text-accent hover:underline focus-ring"
          >
            Review this interview
          </Link>
        </p>
      )}
      <p className="mt-3 text-xs text-fg-muted">
        A session ended within 5 minutes with no question asked gives its interview back.
      </p>
      <ErrorAlert message={error} />
    </Card>
  )
}

function UsageSummary({ usage }: { usage: UsageLimits }) {
  const { used, remaining, total } = usage.interviews
  return (
    <div>
      <p className="text-sm text-fg-body" data-testid="console-usage">
        {used} of {total} interviews used · {remaining} remaining
      </p>
      <div className="mt-2">
        <UsageBar used={used} total={total} label="Interviews used this period" />
      </div>
      {usage.planType !== 'none' && remaining <= 0 && (
        <p className="mt-2 text-sm text-fg-muted" data-testid="interviews-used-up">
          <PricingLinkedText
            text={planLifecycle.interviewsUsedUp(planLabel(usage.planType), total, formatLongDate(usage.periodEnd))}
          />
        </p>
      )}
      {usage.planType === 'none' && (
        <p className="mt-2 text-sm text-fg-muted">
          You have no active plan.{' '}
          <Link to="/pricing" className="font-semibold text-accent hover:underline focus-ring">
            Choose a plan
          </Link>{' '}
          to start sessions.
        </p>
      )}
    </div>
  )
}
