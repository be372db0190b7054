import { useMutation } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { inputClass, labelClass, primaryButton } from '#src/components/ui/form-styles.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import type { CommunicationFeedback, InterviewContext } from '#src/interview/interview-types.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { Card } from '#src/components/ui/card.tsx'
import { AnswerMeta } from './answer-meta.tsx'
import { AnswerText } from './answer-text.tsx'
import { ErrorAlert } from './error-alert.tsx'
import { PlanGateNote } from './plan-gate-note.tsx'

/** Feedback on how an answer was said, with a rewrite (advanced AI: Pro). */
export function ImproveAnswer({ allowed, context }: { allowed: boolean; context: () => InterviewContext | undefined }) {
  const trpc = useTRPC()
  const id = useId()
  const [response, setResponse] = useState('')
  const [error, setError] = useState<string | null>(null)
  const improve = useMutation(
    trpc.interviews.improveCommunication.mutationOptions({
      onMutate: () => setError(null),
      onError: (failure) => setError(failureText(sessionFailures.improve, errorMessage(failure, ''))),
    }),
  )
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    const given = context()
    improve.mutate({ response: response.trim(), ...(given ? { context: given } : {}) })
  }
  return (
    <Card id={`${id}-heading`} title="Improve an answer">
      <form onSubmit={submit}>
        <label htmlFor={`${id}-response`} className={labelClass}>
          Your answer
        </label>
        <textarea
          id={`${id}-response`}
          className={inputClass}
          rows={4}
          maxLength={8_000}
          value={response}
          onChange={(event) => setResponse(event.target.value)}
        />
        <button type="submit" className={`${primaryButton} mt-3`} disabled={!response.trim() || improve.isPending}>
          {improve.isPending ? 'Improving...' : 'Improve answer'}
        </button>
      </form>
      {!allowed && <PlanGateNote feature="Communication feedback" plan="Pro" />}
      <ErrorAlert message={error} />
      {improve.data && <Feedback feedback={improve.data} />}
    </Card>
  )
}

function Feedback({ feedback }: { feedback: CommunicationFeedback }) {
  return (
    <section
      aria-label="Feedback"
      className="mt-4 space-y-3 rounded-xl bg-sunken p-4 text-sm text-fg-body"
      data-testid="communication-feedback"
    >
      <p className="font-semibold text-fg">Score: {feedback.score} / 10</p>
      <div>
        <h4 className="font-semibold text-fg">Improved answer</h4>
        <AnswerText text={feedback.improvedResponse} className="mt-1" />
      </div>
      {feedback.strengths.length > 0 && (
        <div>
          <h4 className="font-semibold text-fg">Strengths</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {feedback.strengths.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {feedback.suggestions.length > 0 && (
        <div>
          <h4 className="font-semibold text-fg">Suggestions</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {feedback.suggestions.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      <AnswerMeta latencyMs={feedback.latencyMs} />
    </section>
  )
}
