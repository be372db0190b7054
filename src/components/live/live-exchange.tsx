import { AnswerText } from '#src/components/interview/answer-text.tsx'
import { ConfirmTranscript } from '#src/components/interview/confirm-transcript.tsx'
import { ErrorAlert } from '#src/components/interview/error-alert.tsx'
import { SuggestedQuestions } from '#src/components/interview/suggested-questions.tsx'
import type { Exchange } from './use-live-exchanges.ts'

const label = { voice: 'Heard', screen: 'Read from the screen', typed: 'You asked' } as const
const waiting = {
  voice: 'Listening to the question…',
  screen: 'Reading the screen…',
  typed: 'Answering…',
} as const

/** One question and its answer, written as it arrives. */
export function LiveExchange({
  exchange,
  sessionId,
  onAnswered,
  onAsk,
}: {
  exchange: Exchange
  sessionId: string | null
  onAnswered: () => void
  /** Asks a suggested question as a new exchange. */
  onAsk: (question: string) => void
}) {
  return (
    <li
      className="rounded-xl border border-line bg-surface p-3"
      data-testid="live-exchange"
      data-source={exchange.source}
      data-status={exchange.status}
    >
      {exchange.status === 'confirm' && sessionId ? (
        <ConfirmTranscript
          transcript={exchange.question}
          confidence={exchange.confidence ?? 0}
          sessionId={sessionId}
          onAnswered={onAnswered}
        />
      ) : (
        <>
          <p className="text-sm text-fg-muted" data-testid="live-question">
            {exchange.question ? (
              <>
                <span className="font-semibold text-fg">{label[exchange.source]}: </span>“{exchange.question}”
              </>
            ) : (
              exchange.status !== 'failed' && <span role="status">{waiting[exchange.source]}</span>
            )}
          </p>
          {exchange.answer && (
            <div className="mt-2" data-testid="live-answer">
              {exchange.status === 'answered' ? (
                <AnswerText text={exchange.answer} />
              ) : (
                <p className="text-sm whitespace-pre-wrap text-fg-strong">{exchange.answer}</p>
              )}
            </div>
          )}
          {exchange.status === 'answered' && (
            <SuggestedQuestions suggestions={exchange.suggestions} disabled={!sessionId} onAsk={onAsk} />
          )}
          <ErrorAlert message={exchange.error ?? null} />
        </>
      )}
    </li>
  )
}
