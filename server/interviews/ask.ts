import { randomUUID } from 'node:crypto'
import type { FeatureFlagName } from '#app.catalog.ts'
import { DomainError } from '#events/domain-error.ts'
import { sessionMessages, interviewSessionCommands } from '#events/interviews/interview-session-decider.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { ownerOf, ownerStreamOf } from '#events/users/owner-check.ts'
import type { AnswerResult, InterviewContext, ScreenshotAnalysis, TranscriptionResult } from '#server/ai/ai-schemas.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { callAi } from './ai-calls.ts'
import { gatedContext } from './context-gate.ts'
import { requireFeature } from './feature-gates.ts'
import { planAccess, type PlanAccess } from './plan-access.ts'
import { refuseOverlongRecording } from './media-limits.ts'
import { decodeScreenshot } from './screenshot-image.ts'
import { describeSession, latestActiveSessionId, noActiveSession } from './interview-sessions.ts'
import { recentTurns } from './recent-turns.ts'
import { usageOf } from './usage.ts'
import { categoriseQuestion } from '#rules/question-category.ts'
import { gistOf } from '#rules/spoken-answer.ts'
import { mayFollowUp, needsConfirmation } from '#server/ai/transcript-confirmation.ts'

export const failures = {
  response: 'Failed to get response',
  audio: 'Failed to process audio',
  screenshot: 'Failed to analyze screenshot',
} as const

/**
 * What one question needs before the AI is asked, each stream read once: the plan (which must
 * include the feature) and the active session the question belongs to (the one named, or the
 * newest), with its saved context. The question is later recorded on the session's state as read
 * inside the appending transaction.
 */
export async function prepare(scope: SignedInScope, feature: FeatureFlagName, sessionId: string | undefined) {
  const access = await planAccess(scope)
  requireFeature(access.features, access.planType, feature)
  const id = sessionId ?? latestActiveSessionId(access)
  if (!id) throw new DomainError('no-active-session', noActiveSession)
  const { state } = await interviewSessionCommands.load(scope.runtime.store, id)
  if (state.status === 'none' || state.userId !== scope.userId)
    throw new DomainError('not-found', sessionMessages.notFound)
  if (state.status === 'ended') throw new DomainError('session-ended', sessionMessages.ended)
  const session = await describeSession(scope, state)
  return { access, session: { id, context: session.context ?? {} } }
}

type Recorded = {
  question: string
  answer: AnswerResult
  source: 'text' | 'audio' | 'screenshot' | 'generated'
  contextUsed: boolean
  transcription?: TranscriptionResult & { bytes: number }
  screenshot?: ScreenshotAnalysis & { bytes: number }
}

async function record(scope: SignedInScope, sessionId: string, recorded: Recorded) {
  const { runtime, userId } = scope
  const questionId = randomUUID()
  await commandUnit(runtime.store, async (tx) => {
    // The person's stream before the session's, the order every unit takes them in.
    await tx.readAhead({
      streams: [interviewSessionCommands.streamOf(sessionId)],
      ownerStreams: [ownerStreamOf(userId)],
    })
    return interviewSessionCommands.handleWith(tx, sessionId, async () => {
      const owner = await ownerOf(tx, userId)
      const key = await ensureKeyFor(tx.db, userId)
      const { transcription, screenshot } = recorded
      return {
        command: {
          type: 'RecordQuestion',
          owner,
          userId,
          asked: {
            questionId,
            source: recorded.source,
            question: seal(key, userId, recorded.question),
            contextUsed: recorded.contextUsed,
            answer: seal(key, userId, recorded.answer.text),
            category: categoriseQuestion(recorded.question, recorded.answer.source !== 'framework'),
            confidence: recorded.answer.confidence ?? null,
            answerSource: recorded.answer.source ?? null,
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
        metadata: scope.metadata(),
      }
    })
  })
  return questionId
}

/** What tells the candidate how far to trust the answer, where the engine reports it. */
function trustOf(answer: AnswerResult) {
  return {
    ...(answer.gist === undefined ? {} : { gist: answer.gist }),
    ...(answer.confidence === undefined ? {} : { confidence: answer.confidence }),
    ...(answer.source === undefined ? {} : { source: answer.source }),
    ...(answer.matchedQuestion === undefined ? {} : { matchedQuestion: answer.matchedQuestion }),
    ...(answer.suggestions === undefined ? {} : { suggestions: answer.suggestions }),
    ...(answer.finishReason === undefined ? {} : { finishReason: answer.finishReason }),
  }
}

/** Recording a question takes no interview, so the usage read before the answer still holds. */
function answerShape(access: PlanAccess, sessionId: string, questionId: string, answer: AnswerResult) {
  const usage = usageOf(access)
  return {
    ...trustOf(answer),
    response: answer.text,
    sessionId,
    questionId,
    provider: answer.provider,
    model: answer.model,
    latencyMs: Math.round(answer.latencyMs),
    usage: { ...answer.usage, interviews: usage.interviews },
  }
}

type QuestionInput = {
  question: string
  context?: InterviewContext | undefined
  sessionId?: string | undefined
  /** True when the candidate picked it from the practice questions generated for them. */
  generated?: boolean | undefined
}

/** A typed question during a live interview. */
export async function askQuestion(scope: SignedInScope, input: QuestionInput) {
  const { access, session } = await prepare(scope, 'chat', input.sessionId)
  const context = gatedContext(access, input.context, session.context)
  const history = await recentTurns(scope, session.id)
  const answer = await callAi(failures.response, () =>
    scope.runtime.ai.answer({ question: input.question, context, history }),
  )
  const questionId = await record(scope, session.id, {
    question: input.question,
    answer,
    source: input.generated ? 'generated' : 'text',
    contextUsed: Object.keys(context).length > 0,
  })
  return answerShape(access, session.id, questionId, answer)
}

/** The same, as text deltas for a real-time display; the answer is recorded once it is complete. */
export async function* streamQuestion(scope: SignedInScope, input: QuestionInput, signal?: AbortSignal) {
  const { access, session } = await prepare(scope, 'chat', input.sessionId)
  const context = gatedContext(access, input.context, session.context)
  const source = input.generated ? ('generated' as const) : ('text' as const)
  yield* streamAnswered(scope, { access, session, context, question: input.question, source }, signal)
}

type Streamed = {
  access: PlanAccess
  session: { id: string }
  context: InterviewContext
  question: string
  source: 'text' | 'generated' | 'audio'
  transcription?: Recorded['transcription']
}

/** Streams the answer to a question already allowed, then records it with how it was asked. */
async function* streamAnswered(scope: SignedInScope, asked: Streamed, signal?: AbortSignal) {
  const { access, session, context, question } = asked
  let result: AnswerResult | undefined
  // An unsure transcript is answered on its own: read against history, a misheard word could pick the wrong question.
  const history = mayFollowUp(asked.transcription?.confidence) ? await recentTurns(scope, session.id) : []
  const events = scope.runtime.ai.streamAnswer({ question, context, history }, signal ? { signal } : {})
  const iterator = events[Symbol.asyncIterator]()
  for (;;) {
    const next = await callAi(failures.response, () => iterator.next())
    if (next.done) break
    if (next.value.type === 'delta') yield { type: 'delta' as const, text: next.value.text }
    else result = next.value.result
  }
  if (!result) throw new DomainError('ai-failed', `${failures.response}: the answer stopped early`)
  const questionId = await record(scope, session.id, {
    question,
    answer: result,
    source: asked.source,
    contextUsed: Object.keys(context).length > 0,
    ...(asked.transcription ? { transcription: asked.transcription } : {}),
  })
  yield { type: 'done' as const, ...answerShape(access, session.id, questionId, result) }
}

type AudioInput = { audio: Uint8Array; mimeType: string; sessionId?: string | undefined }

/**
 * A spoken question however it reached the server: its session, its size (the bytes of the WAV
 * clip it is, for the record), and how its transcript is had. `whileChecking`: the transcript is
 * already on its way (an utterance decoded while it was spoken), so it is awaited while the plan
 * and the session are checked; otherwise nothing is decoded before they are.
 */
export type SpokenQuestion = {
  sessionId?: string | undefined
  bytes: number
  transcribe: (caller: string) => Promise<TranscriptionResult>
  whileChecking?: boolean
}

const spokenClip = (scope: SignedInScope, input: AudioInput): SpokenQuestion => ({
  sessionId: input.sessionId,
  bytes: input.audio.byteLength,
  transcribe: (caller) => scope.runtime.ai.transcribe({ audio: input.audio, mimeType: input.mimeType }, { caller }),
})

/** A spoken question transcribed for its session: what was heard, and whether it is sure enough to answer. */
async function hear(scope: SignedInScope, input: SpokenQuestion) {
  let transcribing: Promise<TranscriptionResult> | undefined
  if (input.whileChecking) {
    transcribing = input.transcribe(scope.userId)
    // Awaited below, unless the checks refuse first.
    transcribing.catch(() => undefined)
  }
  const { access, session } = await prepare(scope, 'microphone', input.sessionId)
  const transcription = await callAi(failures.audio, () => transcribing ?? input.transcribe(scope.userId))
  if (transcription.text.trim() === '')
    throw new DomainError('no-speech', `${failures.audio}: no speech was recognised in the recording`)
  const heard = {
    transcript: transcription.text,
    ...(transcription.confidence === undefined ? {} : { transcriptConfidence: transcription.confidence }),
    transcription: {
      provider: transcription.provider,
      model: transcription.model,
      latencyMs: Math.round(transcription.latencyMs),
    },
  }
  const unsure =
    transcription.confidence !== undefined && needsConfirmation(transcription.confidence)
      ? unconfirmed(access, session.id, transcription, heard, transcription.confidence)
      : null
  const context = gatedContext(access, undefined, session.context)
  return { access, session, transcription, heard, unsure, context }
}

/** Its length is read from its header before any decoder or session sees it. */
async function refuseOverlong(input: AudioInput): Promise<void> {
  await callAi(failures.audio, () => {
    refuseOverlongRecording(failures.audio, input.audio)
    return Promise.resolve()
  })
}

/** A spoken question: transcribed, then answered. */
export async function askAudioQuestion(scope: SignedInScope, input: AudioInput) {
  await refuseOverlong(input)
  const { access, session, transcription, heard, unsure, context } = await hear(scope, spokenClip(scope, input))
  if (unsure) return unsure
  const history = mayFollowUp(transcription.confidence) ? await recentTurns(scope, session.id) : []
  const answer = await callAi(failures.response, () =>
    scope.runtime.ai.answer({ question: transcription.text, context, history }),
  )
  const questionId = await record(scope, session.id, {
    question: transcription.text,
    answer,
    source: 'audio',
    contextUsed: Object.keys(context).length > 0,
    transcription: { ...transcription, bytes: input.audio.byteLength },
  })
  return { ...heard, needsConfirmation: false as const, ...answerShape(access, session.id, questionId, answer) }
}

/**
 * The same, for a live display: `heard` (the transcript) as soon as it is known, then the answer's
 * deltas and `done` with the whole answer, as `askAudioQuestion` gives it. An unsure transcript is
 * `done` at once with the words to confirm, and nothing is recorded.
 */
export async function* streamAudioQuestion(scope: SignedInScope, input: AudioInput, signal?: AbortSignal) {
  await refuseOverlong(input)
  yield* streamSpokenQuestion(scope, spokenClip(scope, input), signal)
}

/** `streamAudioQuestion` for a spoken question however it came (an utterance streamed while spoken, decision 0121). */
export async function* streamSpokenQuestion(scope: SignedInScope, input: SpokenQuestion, signal?: AbortSignal) {
  const { access, session, transcription, heard, unsure, context } = await hear(scope, input)
  if (unsure) {
    yield { type: 'done' as const, ...unsure }
    return
  }
  yield { type: 'heard' as const, ...heard }
  const asked = {
    access,
    session,
    context,
    question: transcription.text,
    source: 'audio' as const,
    transcription: { ...transcription, bytes: input.bytes },
  }
  for await (const event of streamAnswered(scope, asked, signal))
    yield event.type === 'done' ? { ...event, ...heard, needsConfirmation: false as const } : event
}

/**
 * A transcript too unsure to answer (decision 0055): what was heard, for the candidate to confirm
 * or correct and send as a question. Nothing is recorded, so nothing is counted or remembered.
 */
function unconfirmed(
  access: PlanAccess,
  sessionId: string,
  transcription: TranscriptionResult,
  heard: { transcript: string; transcription: { provider: string; model: string; latencyMs: number } },
  confidence: number,
) {
  return {
    ...heard,
    transcriptConfidence: confidence,
    needsConfirmation: true as const,
    response: `Not sure I heard that right: "${transcription.text}". Check the words, correct them if needed, and send the question.`,
    sessionId,
    provider: transcription.provider,
    model: transcription.model,
    latencyMs: Math.round(transcription.latencyMs),
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, interviews: usageOf(access).interviews },
  }
}

/** A screenshot of the interview (a coding task, a slide): read, then answered. */
export async function analyzeScreenshot(
  scope: SignedInScope,
  input: { image: string; context?: InterviewContext | undefined; sessionId?: string | undefined },
) {
  const { access, session } = await prepare(scope, 'screenAnalysis', input.sessionId)
  const context = gatedContext(access, input.context, session.context)
  const image = await decodeScreenshot(input.image)
  const analysis = await callAi(failures.screenshot, () =>
    scope.runtime.ai.analyzeScreenshot({ image: image.bytes, mimeType: image.mimeType, context }),
  )
  const answer: AnswerResult = {
    text: analysis.answer,
    provider: analysis.provider,
    model: analysis.model,
    latencyMs: analysis.latencyMs,
    usage: analysis.usage,
    ...(analysis.confidence === undefined ? {} : { confidence: analysis.confidence }),
    ...(analysis.source === undefined ? {} : { source: analysis.source }),
    ...(analysis.matchedQuestion === undefined ? {} : { matchedQuestion: analysis.matchedQuestion }),
    ...(analysis.suggestions === undefined ? {} : { suggestions: analysis.suggestions }),
    gist: gistOf(analysis.answer),
  }
  const questionId = await record(scope, session.id, {
    question: analysis.question ?? analysis.extractedText.slice(0, 2000),
    answer,
    source: 'screenshot',
    contextUsed: Object.keys(context).length > 0,
    screenshot: { ...analysis, bytes: image.bytes.byteLength },
  })
  return {
    extractedText: analysis.extractedText,
    question: analysis.question,
    ...answerShape(access, session.id, questionId, answer),
  }
}
