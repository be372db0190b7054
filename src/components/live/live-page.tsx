import { Link } from '@tanstack/react-router'
import { useMutation } from '@tanstack/react-query'
import { useCallback, useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { ContextForm } from '#src/components/interview/context-form.tsx'
import { ErrorAlert } from '#src/components/interview/error-alert.tsx'
import { PlanGateNote } from '#src/components/interview/plan-gate-note.tsx'
import { useActiveSession } from '#src/components/interview/use-active-session.ts'
import { useInterviewInvalidation } from '#src/components/interview/use-interview-invalidation.ts'
import { usePlanFeatures } from '#src/components/interview/use-plan-features.ts'
import { useUsageLimits } from '#src/components/dashboard/use-usage-limits.ts'
import { PageSpinner } from '#src/components/spinner.tsx'
import { inputClass, primaryButton, secondaryButton, dangerButton } from '#src/components/ui/form-styles.ts'
import { contextOf, emptyContext } from '#src/interview/context.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import { captureFrame } from '#src/live/frame-capture.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { LiveExchange } from './live-exchange.tsx'
import { CaptureStatement, NoTabAudioNote } from './live-notes.tsx'
import { canShareScreen, useLiveCapture } from './use-live-capture.ts'
import { useLiveExchanges } from './use-live-exchanges.ts'
import { liveShortcutKeys, useLiveShortcuts } from './use-live-shortcuts.ts'
import { useListening } from './use-listening.ts'

const shortcutHint = (keys: string) => <kbd className="ml-1 hidden text-xs opacity-70 sm:inline">{keys}</kbd>

/**
 * The assistant beside a live call: the interview's tab shared with its sound, each question the
 * interviewer asks heard in the page and answered as it ends, the screen read on demand, and typed
 * questions at any time, all counted on one session like the desktop app's.
 */
export function LivePage() {
  const trpc = useTRPC()
  const id = useId()
  const features = usePlanFeatures()
  const active = useActiveSession()
  const usage = useUsageLimits()
  const invalidate = useInterviewInvalidation()
  const onAnswered = useCallback(() => void invalidate(), [invalidate])
  const session = active.data?.session ?? null
  const sessionId = session?.id ?? null
  const capture = useLiveCapture()
  const live = useLiveExchanges(sessionId, onAnswered)
  const listening = useListening(features.microphone ? (capture.listening?.stream ?? null) : null, live.utterance)
  const [answersHidden, setAnswersHidden] = useState(false)
  const [typed, setTyped] = useState('')
  const [context, setContext] = useState(emptyContext)
  const [error, setError] = useState<string | null>(null)

  const start = useMutation(
    trpc.interviews.sessionStart.mutationOptions({
      onMutate: () => setError(null),
      onError: (failure) => setError(failureText(sessionFailures.start, errorMessage(failure, ''))),
      onSettled: invalidate,
    }),
  )
  const end = useMutation(
    trpc.interviews.sessionEnd.mutationOptions({
      onError: (failure) => setError(failureText(sessionFailures.end, errorMessage(failure, ''))),
      onSettled: invalidate,
    }),
  )
  const startSession = () => {
    const saved = features.contextConfiguration ? contextOf(context) : undefined
    start.mutate({ mode: features.microphone ? 'voice' : 'text', ...(saved ? { context: saved } : {}) })
  }
  const stop = () => {
    listening.stop()
    capture.stop()
    live.dropUnsent()
    if (sessionId) end.mutate({ sessionId })
  }
  const screenTrack = capture.screen?.getVideoTracks()[0] ?? null
  const canRead = features.screenAnalysis && screenTrack !== null && sessionId !== null
  const readScreen = () => {
    if (canRead) void live.readScreen(() => captureFrame(screenTrack))
  }
  const toggleListening = () => {
    if (features.microphone && capture.listening) listening.toggle()
  }
  useLiveShortcuts({ toggleListening, readScreen, toggleAnswers: () => setAnswersHidden((hidden) => !hidden) })
  const ask = (event: SubmitEvent) => {
    event.preventDefault()
    const question = typed.trim()
    if (!question || !sessionId) return
    setTyped('')
    void live.askText(question)
  }

  if (active.isPending) return <PageSpinner label="Loading the live interview" />
  const interviews = usage.data?.interviews

  return (
    <main className="mx-auto max-w-3xl space-y-4 px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-fg">Live interview</h1>
        <Link to="/interview" className="text-sm font-semibold text-accent hover:underline">
          Practice console →
        </Link>
      </div>
      <CaptureStatement />

      <section aria-label="Session" className="flex flex-wrap items-center gap-2">
        {session ? (
          <>
            <p className="text-sm text-success" data-testid="live-session">
              Session active · {session.questionsAsked} {session.questionsAsked === 1 ? 'question' : 'questions'}
            </p>
            <button type="button" className={dangerButton} onClick={stop} disabled={end.isPending}>
              Stop
            </button>
          </>
        ) : (
          <>
            <button type="button" className={primaryButton} onClick={startSession} disabled={start.isPending}>
              {start.isPending ? 'Starting...' : 'Start session'}
            </button>
            {interviews && (
              <p className="text-sm text-fg-muted" data-testid="live-usage">
                {interviews.used} of {interviews.total} interviews used
              </p>
            )}
          </>
        )}
      </section>
      {!session && (
        <details className="rounded-xl border border-line p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-fg-strong">
            Your resume, role and job description
          </summary>
          {features.contextConfiguration ? (
            <ContextForm
              value={context}
              onChange={setContext}
              saveOnSession
              onSaveOnSessionChange={() => undefined}
              planHasContext
            />
          ) : (
            <PlanGateNote feature="Interview context" plan="Pro" />
          )}
        </details>
      )}
      <ErrorAlert message={error} />

      {session && (
        <section aria-label="Listening and screen" className="space-y-2">
          <div className="flex flex-wrap gap-2">
            {capture.screen ? (
              <p className="self-center text-sm text-fg-body" data-testid="sharing">
                Sharing
                {capture.listening ? ` · hearing the ${capture.listening.source === 'tab' ? 'tab' : 'microphone'}` : ''}
              </p>
            ) : (
              <button
                type="button"
                className={primaryButton}
                onClick={() => void capture.share()}
                disabled={!canShareScreen()}
              >
                Share the interview tab
              </button>
            )}
            <button
              type="button"
              className={secondaryButton}
              onClick={toggleListening}
              disabled={!features.microphone || !capture.listening || listening.state === 'starting'}
              aria-pressed={listening.state === 'on'}
            >
              {listening.state === 'on' ? 'Stop listening' : listening.state === 'starting' ? 'Starting...' : 'Listen'}
              {shortcutHint(liveShortcutKeys.toggleListening)}
            </button>
            <button type="button" className={secondaryButton} onClick={readScreen} disabled={!canRead}>
              Read the screen{shortcutHint(liveShortcutKeys.readScreen)}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setAnswersHidden((hidden) => !hidden)}
              aria-pressed={answersHidden}
            >
              {answersHidden ? 'Show answers' : 'Hide answers'}
              {shortcutHint(liveShortcutKeys.toggleAnswers)}
            </button>
          </div>
          {!canShareScreen() && (
            <p className="text-sm text-fg-muted">
              This browser cannot share a tab or window; you can still type questions.
            </p>
          )}
          {!features.microphone && <PlanGateNote feature="Listening to the interviewer" plan="Professional" />}
          {!features.screenAnalysis && <PlanGateNote feature="Reading the screen" plan="Professional" />}
          {features.microphone && capture.noTabAudio && capture.listening === null && (
            <NoTabAudioNote onUseMicrophone={() => void capture.useMicrophone()} />
          )}
          {features.microphone && capture.screen && capture.listening?.source === 'tab' && (
            <button
              type="button"
              className="text-sm text-accent hover:underline"
              onClick={() => void capture.useMicrophone()}
            >
              Listen through the microphone instead
            </button>
          )}
          <p role="status" className="text-sm text-fg-muted" data-testid="listening-status">
            {listening.state === 'on' ? (listening.speaking ? 'Hearing a question…' : 'Listening for a question') : ''}
            {live.unsent > 0 &&
              ` · ${live.unsent} ${live.unsent === 1 ? 'question waits' : 'questions wait'} for the connection`}
          </p>
          <ErrorAlert message={capture.error ?? listening.error} />
        </section>
      )}

      {session && (
        <form onSubmit={ask} className="flex gap-2" aria-label="Type a question">
          <label htmlFor={`${id}-typed`} className="sr-only">
            Question
          </label>
          <input
            id={`${id}-typed`}
            className={`${inputClass} mt-0`}
            value={typed}
            maxLength={4_000}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Type a question"
          />
          <button type="submit" className={primaryButton} disabled={!typed.trim()}>
            Ask
          </button>
        </form>
      )}

      <section aria-label="Answers" hidden={answersHidden}>
        <ol className="space-y-3">
          {live.exchanges.map((exchange) => (
            <LiveExchange
              key={exchange.id}
              exchange={exchange}
              sessionId={sessionId}
              onAnswered={onAnswered}
              onAsk={(question) => void live.askText(question)}
            />
          ))}
        </ol>
      </section>
      {answersHidden && (
        <p className="text-sm text-gray-500">Answers hidden. Press {liveShortcutKeys.toggleAnswers} to show them.</p>
      )}
    </main>
  )
}
