import { createFileRoute, Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { AskQuestion } from '#src/components/interview/ask-question.tsx'
import { ContextForm } from '#src/components/interview/context-form.tsx'
import { GenerateQuestions } from '#src/components/interview/generate-questions.tsx'
import { ImproveAnswer } from '#src/components/interview/improve-answer.tsx'
import { ScreenshotQuestion } from '#src/components/interview/screenshot-question.tsx'
import { SessionPanel } from '#src/components/interview/session-panel.tsx'
import { useActiveSession } from '#src/components/interview/use-active-session.ts'
import { useInterviewInvalidation } from '#src/components/interview/use-interview-invalidation.ts'
import { usePlanFeatures } from '#src/components/interview/use-plan-features.ts'
import { VoiceQuestion } from '#src/components/interview/voice-question.tsx'
import { PageSpinner } from '#src/components/spinner.tsx'
import { contextOf, emptyContext, type ContextForm as ContextFields } from '#src/interview/context.ts'

type ConsoleSearch = { practice?: string }

export const Route = createFileRoute('/_authed/interview')({
  head: () => ({ meta: [{ title: 'Practice Console | Interview Helper' }] }),
  // A weak spot of a review opens the console with questions generated on its topic.
  validateSearch: (search: Record<string, unknown>): ConsoleSearch =>
    typeof search.practice === 'string' && search.practice.trim() ? { practice: search.practice.slice(0, 200) } : {},
  component: PracticeConsole,
})

function PracticeConsole() {
  const features = usePlanFeatures()
  const { practice } = Route.useSearch()
  const active = useActiveSession()
  const invalidate = useInterviewInvalidation()
  const [contextFields, setContextFields] = useState<ContextFields>(emptyContext)
  const [saveOnSession, setSaveOnSession] = useState<boolean | null>(null)
  const saving = saveOnSession ?? features.contextConfiguration
  // The server refuses context on plans without it; those plans ask without it instead.
  const allowsContext = features.contextConfiguration
  const context = useCallback(
    () => (allowsContext ? contextOf(contextFields) : undefined),
    [allowsContext, contextFields],
  )
  const sessionContext = useCallback(() => (saving ? contextOf(contextFields) : undefined), [saving, contextFields])
  const onAnswered = useCallback(() => void invalidate(), [invalidate])

  if (active.isPending) return <PageSpinner label="Loading the practice console" />
  const session = active.data?.session ?? null
  const sessionId = session?.id ?? null

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">Practice Console</h1>
          <p className="mt-2 text-fg-muted">
            Rehearse with the same answers the desktop app gives during a live interview.
          </p>
        </div>
        <div className="flex flex-wrap gap-4">
          <Link to="/live" className="text-sm font-semibold text-accent hover:underline focus-ring">
            Go live in your browser →
          </Link>
          <Link to="/history" className="text-sm font-semibold text-accent hover:underline focus-ring">
            See your history →
          </Link>
        </div>
      </div>
      {active.isError && (
        <div className="mt-6">
          <LoadError
            message={`Could not check for an active session: ${active.error.message}`}
            onRetry={() => void active.refetch()}
            retrying={active.isFetching}
          />
        </div>
      )}
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-1">
          <SessionPanel session={session} sessionContext={sessionContext} />
          <ContextForm
            value={contextFields}
            onChange={setContextFields}
            saveOnSession={saving}
            onSaveOnSessionChange={setSaveOnSession}
            planHasContext={features.contextConfiguration}
          />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <AskQuestion sessionId={sessionId} context={context} onAnswered={onAnswered} />
          <div className="grid gap-6 md:grid-cols-2">
            <ScreenshotQuestion
              sessionId={sessionId}
              allowed={features.screenAnalysis}
              context={context}
              onAnswered={onAnswered}
            />
            <VoiceQuestion sessionId={sessionId} allowed={features.microphone} onAnswered={onAnswered} />
          </div>
          <GenerateQuestions context={context} initialTopic={practice} sessionId={sessionId} onAnswered={onAnswered} />
          <ImproveAnswer allowed={features.advancedAI} context={context} />
        </div>
      </div>
    </main>
  )
}
