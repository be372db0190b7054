import { useMutation } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { hintClass, inputClass, labelClass } from '#src/components/ui/form-styles.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import type { InterviewContext } from '#src/interview/interview-types.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { Card } from '#src/components/ui/card.tsx'
import { StreamedAnswerText } from './streamed-answer-text.tsx'
import { ErrorAlert } from './error-alert.tsx'
import { QuestionAnalysisView } from './question-analysis-view.tsx'
import { SuggestedQuestions } from './suggested-questions.tsx'
import { useStreamedAnswer } from './use-streamed-answer.ts'
import { Button } from '#src/components/ui/button.tsx'

type Props = { sessionId: string | null; context: () => InterviewContext | undefined; onAnswered: () => void }

/** A typed question: the answer streams in as it is written; Analyze explains what it tests. */
export function AskQuestion({ sessionId, context, onAnswered }: Props) {
  const trpc = useTRPC()
  const id = useId()
  const [question, setQuestion] = useState('')
  const stream = useStreamedAnswer(onAnswered)
  const [analysisError, setAnalysisError] = useState<string | null>(null)
  const analyze = useMutation(
    trpc.interviews.analyze.mutationOptions({
      onMutate: () => setAnalysisError(null),
      onError: (failure) => setAnalysisError(failureText(sessionFailures.analyze, errorMessage(failure, ''))),
    }),
  )
  const trimmed = question.trim()
  const withContext = () => {
    const given = context()
    return given ? { context: given } : {}
  }
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    if (!trimmed || !sessionId) return
    void stream.ask({ question: trimmed, sessionId, ...withContext() })
  }

  return (
    <Card id={`${id}-heading`} title="Ask a question">
      <form onSubmit={submit}>
        <label htmlFor={`${id}-question`} className={labelClass}>
          Question
        </label>
        <textarea
          id={`${id}-question`}
          className={inputClass}
          rows={3}
          maxLength={4_000}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="How does a hash map handle collisions?"
        />
        <div className="mt-3 flex flex-wrap gap-3">
          <Button variant="primary" type="submit" disabled={!trimmed || !sessionId || stream.streaming}>
            {stream.streaming ? 'Answering...' : 'Ask'}
          </Button>
          <Button
            variant="secondary"

            disabled={!trimmed || analyze.isPending}
            onClick={() => analyze.mutate({ question: trimmed, ...withContext() })}
          >
            {analyze.isPending ? 'Analyzing...' : 'Analyze question'}
          </Button>
        </div>
        {!sessionId && (
          <p className={hintClass}>Start a session to ask questions. Analyzing a question needs no session.</p>
        )}
      </form>
      {(stream.text || stream.streaming) && (
        <section
          aria-label="Answer"
          aria-live="polite"
          aria-busy={stream.streaming}
          className="mt-4 rounded-xl bg-sunken p-4"
          data-testid="streamed-answer"
        >
          <StreamedAnswerText text={stream.text} answer={stream.answer} />
          <SuggestedQuestions
            suggestions={stream.answer?.suggestions}
            disabled={stream.streaming || !sessionId}
            onAsk={(suggested) => {
              if (!sessionId) return
              setQuestion(suggested)
              void stream.ask({ question: suggested, sessionId, ...withContext() })
            }}
          />
        </section>
      )}
      <ErrorAlert message={stream.error} />
      <ErrorAlert message={analysisError} />
      {analyze.data && <QuestionAnalysisView analysis={analyze.data} />}
    </Card>
  )
}
