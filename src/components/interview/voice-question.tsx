import { useCallback, useId, useState } from 'react'
import { hintClass } from '#src/components/ui/form-styles.ts'
import { sendAudioQuestion } from '#src/interview/audio-question.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import type { AudioAnswer } from '#src/interview/interview-types.ts'
import { canRecordAudio } from '#src/interview/wav-recorder.ts'
import { Card } from '#src/components/ui/card.tsx'
import { AnswerMeta } from './answer-meta.tsx'
import { AnswerText } from './answer-text.tsx'
import { SuggestedQuestionsAnswered } from './suggested-questions.tsx'
import { ConfirmTranscript } from './confirm-transcript.tsx'
import { ErrorAlert } from './error-alert.tsx'
import { PlanGateNote } from './plan-gate-note.tsx'
import { useWavRecorder } from './use-wav-recorder.ts'
import { Button } from '#src/components/ui/button.tsx'

type Props = { sessionId: string | null; allowed: boolean; onAnswered: () => void }

/** A spoken question, recorded here as WAV and sent to /api/interview/audio-question. */
export function VoiceQuestion({ sessionId, allowed, onAnswered }: Props) {
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [answer, setAnswer] = useState<AudioAnswer | null>(null)

  const send = useCallback(
    async (audio: Blob) => {
      setSending(true)
      try {
        setAnswer(await sendAudioQuestion(audio, sessionId ?? undefined))
        onAnswered()
      } catch (failure) {
        setError(failureText(sessionFailures.audio, failure instanceof Error ? failure.message : null))
      } finally {
        setSending(false)
      }
    },
    [sessionId, onAnswered],
  )
  const fail = useCallback((reason: string) => setError(failureText(sessionFailures.audio, reason)), [])
  const recorder = useWavRecorder((audio) => void send(audio), fail)
  const supported = canRecordAudio()

  const begin = () => {
    setError(null)
    setAnswer(null)
    void recorder.start()
  }

  return (
    <Card id={`${id}-heading`} title="Voice question">
      {!allowed ? (
        <PlanGateNote feature="The microphone" plan="Professional" />
      ) : !supported ? (
        <p className={hintClass}>This browser cannot record audio.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            {recorder.state === 'recording' ? (
              <Button variant="secondary" onClick={() => void recorder.stop()}>
                Stop and send
              </Button>
            ) : (
              <Button
                variant="primary"

                onClick={begin}
                disabled={!sessionId || sending || recorder.state === 'starting'}
              >
                {recorder.state === 'starting' ? 'Opening microphone...' : 'Record question'}
              </Button>
            )}
            <p role="status" className="text-sm text-fg-muted">
              {recorder.state === 'recording'
                ? `Recording… ${recorder.seconds} s`
                : sending
                  ? 'Transcribing and answering...'
                  : ''}
            </p>
          </div>
          {!sessionId && <p className={hintClass}>Start a session first.</p>}
        </>
      )}
      <ErrorAlert message={error} />
      {answer && (
        <section
          aria-label="Voice answer"
          className="mt-4 space-y-3 rounded-xl bg-sunken p-4"
          data-testid="voice-answer"
        >
          {answer.needsConfirmation ? (
            <ConfirmTranscript
              key={answer.transcript}
              transcript={answer.transcript}
              confidence={answer.transcriptConfidence}
              sessionId={answer.sessionId}
              onAnswered={onAnswered}
            />
          ) : (
            <>
              <p className="text-sm text-fg-muted">
                <span className="font-semibold text-fg">Heard: </span>“{answer.transcript}”
              </p>
              <AnswerText text={answer.response} />
              <AnswerMeta latencyMs={answer.latencyMs} />
              <SuggestedQuestionsAnswered
                key={answer.questionId}
                suggestions={answer.suggestions}
                sessionId={answer.sessionId}
                onAnswered={onAnswered}
              />
            </>
          )}
        </section>
      )}
    </Card>
  )
}
