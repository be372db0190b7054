import { randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import type { AnswerResult, InterviewContext, ScreenshotAnalysis, TranscriptionResult } from '#server/ai/ai-schemas.ts'
import { callAi } from './ai-calls.ts'
import { requireFeature } from './feature-gates.ts'
import { decodeScreenshot } from './screenshot-image.ts'
import { handleSessionCommand, loadSession, retryOnConflict } from './interview-streams.ts'
import { planAccess } from './plan-access.ts'
import { describeSession, latestActiveSessionId, noActiveSession, type Caller } from './sessions.ts'
import { usageLimits } from './usage.ts'

export const failures = {
  response: 'Failed to get response',
  audio: 'Failed to process audio',
  screenshot: 'Failed to analyze screenshot',
} as const

/** The active session a call belongs to (the one named, or the newest), with its saved context. */
async function sessionFor(caller: Caller, sessionId: string | undefined) {
  const id = sessionId ?? (await latestActiveSessionId(caller))
  if (!id) throw new DomainError('no-active-session', noActiveSession)
  const { state } = await loadSession(caller.runtime.store, id)
  if (state.status === 'none' || state.userId !== caller.userId)
    throw new DomainError('not-found', 'Interview session not found')
  if (state.status === 'ended')
    throw new DomainError(
      'session-ended',
      'This interview session has ended. Start a new one with POST /interview/session/start.',
    )
  const session = await describeSession(caller, id)
  return { id, context: session.context ?? {} }
}

const merge = (saved: InterviewContext, given: InterviewContext | undefined): InterviewContext => ({
  ...saved,
  ...stripEmpty(given ?? {}),
})
const stripEmpty = (context: InterviewContext) =>
  Object.fromEntries(Object.entries(context).filter(([, value]) => typeof value === 'string' && value.trim() !== ''))

type Recorded = {
  question: string
  answer: AnswerResult
  source: 'text' | 'audio' | 'screenshot'
  contextUsed: boolean
  transcription?: TranscriptionResult & { bytes: number }
  screenshot?: ScreenshotAnalysis & { bytes: number }
}

async function record(caller: Caller, sessionId: string, recorded: Recorded) {
  const { runtime, userId, metadata } = caller
  const questionId = randomUUID()
  await retryOnConflict(() =>
    runtime.store.transaction(async (tx) => {
      const key = await ensureKeyFor(tx.db, userId)
      const { transcription, screenshot } = recorded
      await handleSessionCommand(
        tx,
        runtime.store,
        sessionId,
        {
          type: 'RecordQuestion',
          userId,
          asked: {
            questionId,
            source: recorded.source,
            question: seal(key, userId, recorded.question),
            contextUsed: recorded.contextUsed,
            answer: seal(key, userId, recorded.answer.text),
            provider: recorded.answer.provider,
            model: recorded.answer.model,
            latencyMs: recorded.answer.latencyMs,
            usage: recorded.answer.usage,
          },
          ...(transcription
            ? {
                transcribed: {
                  questionId,
                  transcript: seal(key, userId, transcription.text),
                  bytes: transcription.bytes,
                  provider: transcription.provider,
                  model: transcription.model,
                  latencyMs: transcription.latencyMs,
                },
              }
            : {}),
          ...(screenshot
            ? {
                analyzed: {
                  questionId,
                  extractedText: seal(key, userId, screenshot.extractedText),
                  foundQuestion: screenshot.question !== null,
                  bytes: screenshot.bytes,
                  provider: screenshot.provider,
                  model: screenshot.model,
                  latencyMs: screenshot.latencyMs,
                },
              }
            : {}),
        },
        metadata,
      )
    }),
  )
  return questionId
}

async function answerShape(caller: Caller, sessionId: string, questionId: string, answer: AnswerResult) {
  const usage = await usageLimits(caller)
  return {
    response: answer.text,
    sessionId,
    questionId,
    provider: answer.provider,
    model: answer.model,
    latencyMs: Math.round(answer.latencyMs),
    usage: { ...answer.usage, interviews: usage.interviews },
  }
}

/** A typed question during a live interview. */
export async function askQuestion(
  caller: Caller,
  input: { question: string; context?: InterviewContext | undefined; sessionId?: string | undefined },
) {
  const access = await planAccess(caller.runtime, caller.userId)
  requireFeature(access.features, access.planType, 'chat')
  const session = await sessionFor(caller, input.sessionId)
  const context = merge(session.context, input.context)
  const answer = await callAi(failures.response, () => caller.runtime.ai.answer({ question: input.question, context }))
  const questionId = await record(caller, session.id, {
    question: input.question,
    answer,
    source: 'text',
    contextUsed: Object.keys(context).length > 0,
  })
  return answerShape(caller, session.id, questionId, answer)
}

/** The same, as text deltas for a real-time display; the answer is recorded once it is complete. */
export async function* streamQuestion(
  caller: Caller,
  input: { question: string; context?: InterviewContext | undefined; sessionId?: string | undefined },
  signal?: AbortSignal,
) {
  const access = await planAccess(caller.runtime, caller.userId)
  requireFeature(access.features, access.planType, 'chat')
  const session = await sessionFor(caller, input.sessionId)
  const context = merge(session.context, input.context)
  let result: AnswerResult | undefined
  const events = caller.runtime.ai.streamAnswer({ question: input.question, context }, signal ? { signal } : {})
  const iterator = events[Symbol.asyncIterator]()
  for (;;) {
    const next = await callAi(failures.response, () => iterator.next())
    if (next.done) break
    if (next.value.type === 'delta') yield { type: 'delta' as const, text: next.value.text }
    else result = next.value.result
  }
  if (!result) throw new DomainError('ai-failed', `${failures.response}: the answer stopped early`)
  const questionId = await record(caller, session.id, {
    question: input.question,
    answer: result,
    source: 'text',
    contextUsed: Object.keys(context).length > 0,
  })
  yield { type: 'done' as const, ...(await answerShape(caller, session.id, questionId, result)) }
}

/** A spoken question: transcribed, then answered. */
export async function askAudioQuestion(
  caller: Caller,
  input: { audio: Uint8Array; mimeType: string; sessionId?: string | undefined },
) {
  const access = await planAccess(caller.runtime, caller.userId)
  requireFeature(access.features, access.planType, 'microphone')
  const session = await sessionFor(caller, input.sessionId)
  const transcription = await callAi(failures.audio, () =>
    caller.runtime.ai.transcribe({ audio: input.audio, mimeType: input.mimeType }),
  )
  if (transcription.text.trim() === '')
    throw new DomainError('no-speech', `${failures.audio}: no speech was recognised in the recording`)
  const answer = await callAi(failures.response, () =>
    caller.runtime.ai.answer({ question: transcription.text, context: session.context }),
  )
  const questionId = await record(caller, session.id, {
    question: transcription.text,
    answer,
    source: 'audio',
    contextUsed: Object.keys(session.context).length > 0,
    transcription: { ...transcription, bytes: input.audio.byteLength },
  })
  return {
    transcript: transcription.text,
    transcription: {
      provider: transcription.provider,
      model: transcription.model,
      latencyMs: Math.round(transcription.latencyMs),
    },
    ...(await answerShape(caller, session.id, questionId, answer)),
  }
}

/** A screenshot of the interview (a coding task, a slide): read, then answered. */
export async function analyzeScreenshot(
  caller: Caller,
  input: { image: string; context?: InterviewContext | undefined; sessionId?: string | undefined },
) {
  const access = await planAccess(caller.runtime, caller.userId)
  requireFeature(access.features, access.planType, 'screenAnalysis')
  const session = await sessionFor(caller, input.sessionId)
  const image = await decodeScreenshot(input.image)
  const context = merge(session.context, input.context)
  const analysis = await callAi(failures.screenshot, () =>
    caller.runtime.ai.analyzeScreenshot({ image: image.bytes, mimeType: image.mimeType, context }),
  )
  const answer: AnswerResult = {
    text: analysis.answer,
    provider: analysis.provider,
    model: analysis.model,
    latencyMs: analysis.latencyMs,
    usage: analysis.usage,
  }
  const questionId = await record(caller, session.id, {
    question: analysis.question ?? analysis.extractedText.slice(0, 2000),
    answer,
    source: 'screenshot',
    contextUsed: Object.keys(context).length > 0,
    screenshot: { ...analysis, bytes: image.bytes.byteLength },
  })
  return {
    extractedText: analysis.extractedText,
    question: analysis.question,
    ...(await answerShape(caller, session.id, questionId, answer)),
  }
}
