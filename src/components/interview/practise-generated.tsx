import { useState } from 'react'
import { hintClass, secondaryButton } from '#src/components/ui/form-styles.ts'
import type { InterviewContext } from '#src/interview/interview-types.ts'
import { StreamedAnswerText } from './streamed-answer-text.tsx'
import { ErrorAlert } from './error-alert.tsx'
import { useStreamedAnswer } from './use-streamed-answer.ts'

type Props = {
  questions: readonly string[]
  sessionId: string | null
  context: () => InterviewContext | undefined
  onAnswered: () => void
}

/**
 * "Practice these": the generated questions asked one after another in the active session, each
 * sent as generated, so the session's review shows it as a generated practice question.
 */
export function PractiseGenerated({ questions, sessionId, context, onAnswered }: Props) {
  const stream = useStreamedAnswer(onAnswered)
  const [asked, setAsked] = useState(0)
  const next = questions[asked]
  const ask = () => {
    if (next === undefined || !sessionId) return
    const given = context()
    setAsked(asked + 1)
    void stream.ask({ question: next, sessionId, generated: true, ...(given ? { context: given } : {}) })
  }
  const label = asked === 0 ? 'Practise these in your session' : `Next question (${asked + 1} of ${questions.length})`
  return (
    <div className="mt-4" data-testid="practise-generated">
      {next !== undefined && (
        <button type="button" className={secondaryButton} disabled={!sessionId || stream.streaming} onClick={ask}>
          {stream.streaming ? 'Answering...' : label}
        </button>
      )}
      {!sessionId && (
        <p className={hintClass}>
          Start a session to practise these: each is answered in it, and its review marks them as generated.
        </p>
      )}
      {asked > 0 && (
        <section
          aria-label="Practice answer"
          aria-live="polite"
          aria-busy={stream.streaming}
          className="mt-4 rounded-xl bg-sunken p-4"
        >
          <h3 className="text-sm font-semibold text-fg">
            {asked}. {questions[asked - 1]}
          </h3>
          <div className="mt-2">
            <StreamedAnswerText text={stream.text} answer={stream.answer} />
          </div>
        </section>
      )}
      <ErrorAlert message={stream.error} />
    </div>
  )
}
