import { useId, useState, type SubmitEvent } from 'react'
import { inputClass, labelClass, primaryButton } from '#src/components/ui/form-styles.ts'
import { ErrorAlert } from './error-alert.tsx'
import { StreamedAnswerText } from './streamed-answer-text.tsx'
import { useStreamedAnswer } from './use-streamed-answer.ts'

type Props = { transcript: string; confidence: number; sessionId: string; onAnswered: () => void }

/**
 * A transcript the recognizer was unsure of (decision 0055): shown for the candidate to confirm or
 * correct, then asked as a typed question. Nothing was answered from the unsure words.
 */
export function ConfirmTranscript({ transcript, confidence, sessionId, onAnswered }: Props) {
  const id = useId()
  const [question, setQuestion] = useState(transcript)
  const stream = useStreamedAnswer(onAnswered)
  const trimmed = question.trim()
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    if (trimmed) void stream.ask({ question: trimmed, sessionId })
  }

  return (
    <form onSubmit={submit} data-testid="voice-confirmation">
      <p className="text-sm text-warning-note">
        Not sure I heard that right ({Math.round(confidence * 100)} % sure). Check the words, correct them if needed,
        and send the question.
      </p>
      <label htmlFor={`${id}-heard`} className={labelClass}>
        Heard
      </label>
      <textarea
        id={`${id}-heard`}
        className={inputClass}
        rows={2}
        maxLength={4_000}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
      />
      <button type="submit" className={`${primaryButton} mt-3`} disabled={!trimmed || stream.streaming}>
        {stream.streaming ? 'Answering...' : 'Send as question'}
      </button>
      <div className="mt-3">
        <StreamedAnswerText text={stream.text} answer={stream.answer} />
      </div>
      <ErrorAlert message={stream.error} />
    </form>
  )
}
