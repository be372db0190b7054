import { useMutation } from '@tanstack/react-query'
import { useId, useState, type ChangeEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { hintClass, labelClass } from '#src/components/ui/form-styles.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import { readAsDataUrl, screenshotProblem, screenshotTypes } from '#src/interview/image-file.ts'
import type { InterviewContext } from '#src/interview/interview-types.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { Card } from '#src/components/ui/card.tsx'
import { AnswerMeta } from './answer-meta.tsx'
import { AnswerText } from './answer-text.tsx'
import { SuggestedQuestionsAnswered } from './suggested-questions.tsx'
import { ErrorAlert } from './error-alert.tsx'
import { PlanGateNote } from './plan-gate-note.tsx'

type Props = {
  sessionId: string | null
  allowed: boolean
  context: () => InterviewContext | undefined
  onAnswered: () => void
}

/** A screenshot of the question (PNG, JPEG or WebP): read from the image, then answered. */
export function ScreenshotQuestion({ sessionId, allowed, context, onAnswered }: Props) {
  const trpc = useTRPC()
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const analyze = useMutation(
    trpc.interviews.screenshot.mutationOptions({
      onMutate: () => setError(null),
      onError: (failure) => setError(failureText(sessionFailures.screenshot, errorMessage(failure, ''))),
      onSuccess: onAnswered,
    }),
  )
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file || !sessionId) return
    const problem = screenshotProblem(file)
    if (problem) {
      setError(failureText(sessionFailures.screenshot, problem))
      return
    }
    try {
      const image = await readAsDataUrl(file)
      const given = context()
      analyze.mutate({ image, sessionId, ...(given ? { context: given } : {}) })
    } catch (failure) {
      setError(failureText(sessionFailures.screenshot, failure instanceof Error ? failure.message : null))
    }
  }
  const result = analyze.data
  return (
    <Card id={`${id}-heading`} title="Screenshot">
      <label htmlFor={`${id}-file`} className={labelClass}>
        Upload a screenshot of the question
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept={screenshotTypes.join(',')}
        onChange={(event) => void choose(event)}
        disabled={!sessionId || analyze.isPending}
        className="mt-1 block w-full text-sm text-fg-body file:mr-3 file:rounded-lg file:border-0 file:bg-accent-soft file:px-3 file:py-2 file:font-semibold file:text-indigo-700 focus-ring disabled:opacity-60 dark:file:text-indigo-200"
      />
      <p className={hintClass}>PNG, JPEG or WebP, up to 5 MB.{!sessionId && ' Start a session first.'}</p>
      {!allowed && <PlanGateNote feature="Screen analysis" plan="Professional" />}
      {analyze.isPending && (
        <p className={hintClass} role="status">
          Reading the screenshot...
        </p>
      )}
      <ErrorAlert message={error} />
      {result && (
        <section
          aria-label="Screenshot answer"
          className="mt-4 space-y-3 rounded-xl bg-sunken p-4"
          data-testid="screenshot-answer"
        >
          <p className="text-sm text-fg-muted">
            <span className="font-semibold text-fg">Read from the image: </span>
            {result.question ?? result.extractedText}
          </p>
          <AnswerText text={result.response} />
          <AnswerMeta latencyMs={result.latencyMs} />
          <SuggestedQuestionsAnswered
            key={result.questionId}
            suggestions={result.suggestions}
            sessionId={result.sessionId}
            onAnswered={onAnswered}
          />
        </section>
      )}
    </Card>
  )
}
