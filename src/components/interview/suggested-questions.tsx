import { useId } from 'react'
import type { InterviewAnswer } from '#src/interview/interview-types.ts'
import { Button } from '#src/components/ui/button.tsx'
import { ErrorAlert } from './error-alert.tsx'
import { StreamedAnswerText } from './streamed-answer-text.tsx'
import { useStreamedAnswer } from './use-streamed-answer.ts'

type Suggestions = InterviewAnswer['suggestions']

/**
 * With no prepared answer, the knowledge base's nearest questions, most likely first: when one is
 * what the interviewer meant, one tap asks it.
 */
export function SuggestedQuestions({
  suggestions,
  onAsk,
  disabled = false,
}: {
  suggestions: Suggestions
  onAsk: (question: string) => void
  disabled?: boolean
}) {
  const id = useId()
  if (suggestions === undefined || suggestions.length === 0) return null
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="mt-3" data-testid="suggested-questions">
      <p id={`${id}-title`} className="text-sm font-semibold text-fg">
        Did they ask one of these? Tap it for its prepared answer.
      </p>
      <ul className="mt-2 flex flex-col items-start gap-2">
        {suggestions.map((suggestion) => (
          <li key={suggestion.id}>
            <Button
              variant="secondary"
              className="text-left"
              disabled={disabled}
              onClick={() => onAsk(suggestion.question)}
            >
              {suggestion.question}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The suggestions under an answer that has no stream of its own (voice, screenshot): the chosen one is answered below them. */
export function SuggestedQuestionsAnswered({
  suggestions,
  sessionId,
  onAnswered,
}: {
  suggestions: Suggestions
  sessionId: string
  onAnswered: () => void
}) {
  const stream = useStreamedAnswer(onAnswered)
  return (
    <>
      <SuggestedQuestions
        suggestions={suggestions}
        disabled={stream.streaming}
        onAsk={(question) => void stream.ask({ question, sessionId })}
      />
      <div className="mt-3" data-testid="suggested-answer">
        <StreamedAnswerText text={stream.text} answer={stream.answer} />
      </div>
      <ErrorAlert message={stream.error} />
    </>
  )
}
