import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { ConnectionLost } from '#src/interview/audio-question.ts'
import { failureText, sessionFailures } from '#src/interview/failure-messages.ts'
import type { InterviewAnswer } from '#src/interview/interview-types.ts'
import { streamQuestion } from '#src/interview/question-stream.ts'
import { createStreamedUtterance, type StreamedUtterance } from '#src/interview/streamed-utterance.ts'
import { createUtteranceQueue, type Delivery } from '#src/live/utterance-queue.ts'
import type { UtteranceSink } from '#src/live/voice-activity.ts'
import { useTRPC } from '#src/trpc/react.ts'

export type ExchangeSource = 'voice' | 'screen' | 'typed'

/** One question of the live page and its answer, as far as it has come. */
export type Exchange = {
  id: number
  source: ExchangeSource
  status: 'waiting' | 'answering' | 'answered' | 'confirm' | 'failed'
  /** What was heard, read or typed; empty until known. */
  question: string
  answer: string
  confidence?: number
  error?: string
  /** With no prepared answer: the knowledge base's nearest questions, to ask instead. */
  suggestions?: InterviewAnswer['suggestions']
}

/** The questions kept on screen: the live call needs the latest few, not the whole session. */
const kept = 4
/** An utterance not sent within this long (the connection was down) has been overtaken by the call. */
const maxUnsentMs = 120_000
const couldNotSend = 'Could not send this question: the connection was down for too long. Ask it again or type it.'

type Utterance = { id: number; streamed: StreamedUtterance | null }

/**
 * The live page's questions: spoken (queued, streamed), read from the screen and typed, all to the
 * same session. A spoken question goes to the server while it is spoken (decision 0121) and is
 * answered once it ends; audio the connection could not carry waits in memory and is sent when it
 * is back, or is given up with a message after two minutes.
 */
export function useLiveExchanges(sessionId: string | null, onAnswered: () => void) {
  const trpc = useTRPC()
  const [exchanges, setExchanges] = useState<Exchange[]>([])
  const [unsent, setUnsent] = useState(0)
  const nextId = useRef(1)
  const session = useRef(sessionId)
  useEffect(() => {
    session.current = sessionId
  })

  const update = useCallback((id: number, change: (exchange: Exchange) => Partial<Exchange>) => {
    setExchanges((all) => all.map((exchange) => (exchange.id === id ? { ...exchange, ...change(exchange) } : exchange)))
  }, [])
  const add = useCallback((source: ExchangeSource, question = '') => {
    const id = nextId.current++
    setExchanges((all) => [{ id, source, status: 'waiting' as const, question, answer: '' }, ...all].slice(0, kept))
    return id
  }, [])
  const fail = useCallback(
    (id: number, failure: (typeof sessionFailures)[keyof typeof sessionFailures], error: unknown) =>
      update(id, () => ({
        status: 'failed',
        error: failureText(failure, error instanceof Error ? error.message : null),
      })),
    [update],
  )

  const deliver = useCallback(
    async ({ id, streamed }: Utterance): Promise<Delivery> => {
      if (!streamed) {
        update(id, () => ({ status: 'failed', error: couldNotSend }))
        return 'sent'
      }
      try {
        const answer = await streamed.finish({
          onHeard: ({ transcript }) => update(id, () => ({ question: transcript, status: 'answering' })),
          onDelta: (text) => update(id, (exchange) => ({ answer: exchange.answer + text })),
        })
        if (answer.needsConfirmation)
          update(id, () => ({
            status: 'confirm',
            question: answer.transcript,
            confidence: answer.transcriptConfidence,
          }))
        else {
          update(id, () => ({
            status: 'answered',
            question: answer.transcript,
            answer: answer.response,
            suggestions: answer.suggestions,
          }))
          onAnswered()
        }
        return 'sent'
      } catch (error) {
        if (error instanceof ConnectionLost) return 'retry'
        fail(id, sessionFailures.audio, error)
        return 'sent'
      }
    },
    [update, fail, onAnswered],
  )
  const queue = useRef<ReturnType<typeof createUtteranceQueue<Utterance>> | null>(null)
  queue.current ??= createUtteranceQueue<Utterance>({
    deliver: (utterance) => deliver(utterance),
    maxAgeMs: maxUnsentMs,
    now: () => Date.now(),
    onDropped: ({ id, streamed }) => {
      streamed?.cancel()
      update(id, () => ({ status: 'failed', error: couldNotSend }))
    },
    onPending: setUnsent,
  })
  useEffect(() => {
    const retry = () => queue.current?.retry()
    window.addEventListener('online', retry)
    // Some networks come back without an online event: try again every few seconds while audio waits.
    const timer = unsent > 0 ? window.setInterval(retry, 5_000) : undefined
    return () => {
      window.removeEventListener('online', retry)
      if (timer !== undefined) window.clearInterval(timer)
    }
  }, [unsent])

  // The utterance being spoken: opened with the first sound, queued for its answer once it ends.
  const speaking = useRef<StreamedUtterance | null>(null)
  const utterance = useMemo<UtteranceSink>(
    () => ({
      start() {
        speaking.current?.cancel()
        speaking.current = session.current ? createStreamedUtterance(session.current) : null
      },
      audio: (samples) => speaking.current?.push(samples),
      end() {
        const streamed = speaking.current
        speaking.current = null
        queue.current?.add({ id: add('voice'), streamed })
      },
      cancel() {
        speaking.current?.cancel()
        speaking.current = null
      },
    }),
    [add],
  )

  const askText = useCallback(
    async (question: string, source: ExchangeSource = 'typed', existing?: number) => {
      const current = session.current
      if (!current) return
      const id = existing ?? add(source, question)
      update(id, () => ({ status: 'answering', question, answer: '' }))
      try {
        const answer = await streamQuestion({ question, sessionId: current }, (text) =>
          update(id, (exchange) => ({ answer: exchange.answer + text })),
        )
        update(id, () => ({ status: 'answered', answer: answer.response, suggestions: answer.suggestions }))
        onAnswered()
      } catch (error) {
        fail(id, sessionFailures.response, error)
      }
    },
    [add, update, fail, onAnswered],
  )

  const screenshot = useMutation(trpc.interviews.screenshot.mutationOptions())
  const readScreen = useCallback(
    async (frame: () => Promise<string>) => {
      const current = session.current
      if (!current) return
      const id = add('screen')
      try {
        const result = await screenshot.mutateAsync({ image: await frame(), sessionId: current })
        update(id, () => ({
          status: 'answered',
          question: result.question ?? result.extractedText,
          answer: result.response,
          suggestions: result.suggestions,
        }))
        onAnswered()
      } catch (error) {
        update(id, () => ({
          status: 'failed',
          error: failureText(sessionFailures.screenshot, error instanceof Error ? errorMessage(error, '') : null),
        }))
      }
    },
    [add, update, screenshot, onAnswered],
  )

  /** Stops at once: utterances not yet sent are dropped, and each says so. */
  const dropUnsent = useCallback(() => queue.current?.clear(), [])

  return { exchanges, unsent, utterance, askText, readScreen, dropUnsent }
}
