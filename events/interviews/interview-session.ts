import { z } from 'zod'
import { planIds } from '#app.catalog.ts'
import { questionCategories } from '#rules/question-category.ts'
import { sealedText, type SealedText } from '#events/pii/pii-vault.ts'
import { defineEvent, type EventOf } from '#events/store/event-definition.ts'

/** One stream per interview session. What the candidate says, shows and gets back is sealed with their key. */
export const interviewStreamId = (sessionId: string) => `interview-${sessionId}`

const aiMeta = {
  provider: z.string(),
  model: z.string(),
  latencyMs: z.number().nonnegative(),
}
const tokenUsage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
})

const interviewSessionStarted = defineEvent({
  type: 'InterviewSessionStarted',
  schemaVersion: 1,
  schema: z.object({
    sessionId: z.string(),
    userId: z.string(),
    mode: z.enum(['voice', 'text']),
    planType: z.enum(planIds),
    /** The candidate's context (resume, role, job description) as sealed JSON, or null. */
    context: sealedText.nullable(),
  }),
})

/** Where an answer's text came from (decision 0050): a curated entry, the structured approach when nothing fitted, or a model. */
export const answerSources = ['knowledge-base', 'framework', 'model'] as const
/** How a question came in: typed, heard, read from the screen, or picked from generated practice questions. */
export const questionSources = ['text', 'audio', 'screenshot', 'generated'] as const

const interviewAsked = defineEvent({
  type: 'InterviewAsked',
  schemaVersion: 2,
  // Version 1 kept neither the answer's trust nor the question's group nor a picked practice
  // question: those questions stay unknown (null, typed) rather than guessed.
  upcasters: {
    1: (data) => ({ ...z.object({}).loose().parse(data), category: null, confidence: null, answerSource: null }),
  },
  schema: z.object({
    questionId: z.string(),
    source: z.enum(questionSources),
    question: sealedText,
    contextUsed: z.boolean(),
    answer: sealedText,
    /** The review's group of the question, decided when it was asked; null for questions recorded before groups. */
    category: z.enum(questionCategories).nullable(),
    /** The engine's 0–1 confidence in the answer, where it reports one. */
    confidence: z.number().min(0).max(1).nullable(),
    answerSource: z.enum(answerSources).nullable(),
    ...aiMeta,
    usage: tokenUsage,
  }),
})

/** The candidate's own verdict on an answer, 1 (no help) to 5 (very helpful); a later rating replaces it. */
const answerRated = defineEvent({
  type: 'AnswerRated',
  schemaVersion: 1,
  schema: z.object({
    questionId: z.string(),
    rating: z.number().int().min(1).max(5),
    /** A short note of their own, sealed, or null. */
    note: sealedText.nullable(),
  }),
})

const audioTranscribed = defineEvent({
  type: 'AudioTranscribed',
  schemaVersion: 1,
  schema: z.object({
    questionId: z.string(),
    transcript: sealedText,
    bytes: z.number().int().nonnegative(),
    ...aiMeta,
  }),
})

const screenshotAnalyzed = defineEvent({
  type: 'ScreenshotAnalyzed',
  schemaVersion: 1,
  schema: z.object({
    questionId: z.string(),
    extractedText: sealedText,
    foundQuestion: z.boolean(),
    bytes: z.number().int().nonnegative(),
    ...aiMeta,
  }),
})

const interviewSessionEnded = defineEvent({
  type: 'InterviewSessionEnded',
  schemaVersion: 1,
  schema: z.object({
    reason: z.enum(['ended', 'abandoned']),
    questionsAsked: z.number().int().nonnegative(),
    durationMs: z.number().int().nonnegative(),
    /** False when it ended with no question inside the grace period: the interview was given back. */
    counted: z.boolean(),
  }),
})

/** Practice tools outside a session, on the person's `practice-<userId>` stream. */
export const practiceStreamId = (userId: string) => `practice-${userId}`

const questionsGenerated = defineEvent({
  type: 'QuestionsGenerated',
  schemaVersion: 1,
  schema: z.object({
    topic: sealedText,
    difficulty: z.enum(['easy', 'medium', 'hard']),
    count: z.number().int().positive(),
    ...aiMeta,
  }),
})

const communicationImproved = defineEvent({
  type: 'CommunicationImproved',
  schemaVersion: 1,
  schema: z.object({
    score: z.number().int().min(1).max(10),
    responseWords: z.number().int().nonnegative(),
    ...aiMeta,
  }),
})

export const interviewEventDefinitions = [
  interviewSessionStarted,
  interviewAsked,
  audioTranscribed,
  screenshotAnalyzed,
  interviewSessionEnded,
  answerRated,
  questionsGenerated,
  communicationImproved,
] as const

export type InterviewEvent = EventOf<(typeof interviewEventDefinitions)[number]>

export type SessionState =
  | { status: 'none' }
  | {
      status: 'active' | 'ended'
      sessionId: string
      userId: string
      mode: 'voice' | 'text'
      /** The candidate's context, sealed, or null. */
      context: SealedText | null
      startedAt: Date
      lastActivityAt: Date
      questionsAsked: number
      /** The questions recorded in it, in order: what a rating may name. */
      questionIds: string[]
      endedAt: Date | null
      /** Whether it took an interview from the allowance; null until it ends. */
      counted: boolean | null
    }

export const initialSessionState: SessionState = { status: 'none' }

/** Session events carry their time in the store's createdAt, which evolve receives alongside. */
export function evolveSession(state: SessionState, event: InterviewEvent & { createdAt: Date }): SessionState {
  switch (event.type) {
    case 'InterviewSessionStarted':
      return {
        status: 'active',
        sessionId: event.data.sessionId,
        userId: event.data.userId,
        mode: event.data.mode,
        context: event.data.context,
        startedAt: event.createdAt,
        lastActivityAt: event.createdAt,
        questionsAsked: 0,
        questionIds: [],
        endedAt: null,
        counted: null,
      }
    case 'InterviewAsked':
      return state.status === 'none'
        ? state
        : {
            ...state,
            questionsAsked: state.questionsAsked + 1,
            questionIds: [...state.questionIds, event.data.questionId],
            lastActivityAt: event.createdAt,
          }
    case 'AudioTranscribed':
    case 'ScreenshotAnalyzed':
      return state.status === 'none' ? state : { ...state, lastActivityAt: event.createdAt }
    case 'InterviewSessionEnded':
      return state.status === 'none'
        ? state
        : { ...state, status: 'ended', endedAt: event.createdAt, counted: event.data.counted }
    case 'AnswerRated':
    case 'QuestionsGenerated':
    case 'CommunicationImproved':
      return state
    default: {
      const unknownEvent: never = event
      return unknownEvent
    }
  }
}
