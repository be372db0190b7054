import { useCallback, useEffect, useRef, useState } from 'react'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import type { InterviewAnswer } from '#src/interview/interview-types.ts'
import { streamQuestion } from '#src/interview/question-stream.ts'

type State = { text: string; answer: InterviewAnswer | null; error: string | null; streaming: boolean }

const idle: State = { text: '', answer: null, error: null, streaming: false }

/** Asks over the answer stream, keeping the text written so far; leaving the page stops it. */
export function useStreamedAnswer(onAnswered: () => void) {
  const [state, setState] = useState<State>(idle)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const ask = useCallback(
    async (input: Parameters<typeof streamQuestion>[0]) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setState({ ...idle, streaming: true })
      try {
        const answer = await streamQuestion(
          input,
          (delta) => setState((previous) => ({ ...previous, text: previous.text + delta })),
          current.signal,
        )
        setState({ text: answer.response, answer, error: null, streaming: false })
        onAnswered()
      } catch (error) {
        if (current.signal.aborted) return
        setState((previous) => ({
          ...previous,
          streaming: false,
          error: failureText(sessionFailures.response, error instanceof Error ? error.message : null),
        }))
      }
    },
    [onAnswered],
  )
  return { ...state, ask }
}
