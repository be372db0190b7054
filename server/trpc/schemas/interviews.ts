import { z } from 'zod'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { planIds } from '#app.config.ts'
import { questionSources } from '#events/interviews/interview-session.ts'
import {
  communicationFeedbackSchema,
  generatedQuestionsSchema,
  interviewContextSchema,
  interviewContextTextSchema,
  questionAnalysisSchema,
  suggestionsSchema,
} from '#server/ai/ai-schemas.ts'

/** Context as the desktop assistant sends it: an object, or plain text about the role and job. */
const contextInput = z
  .union([interviewContextTextSchema, interviewContextSchema])
  .optional()
  .transform((context) => (typeof context === 'string' ? (context.trim() ? { jobDescription: context } : {}) : context))

const question = z
  .string()
  .trim()
  .min(1, 'question is required')
  .max(4_000, 'question must be at most 4,000 characters')
const sessionId = z.uuid('sessionId must be a session id').optional()

export const startSessionInput = z
  .object({ mode: z.enum(['voice', 'text']).default('text'), context: interviewContextSchema.optional() })
  .default({ mode: 'text' })
export const endSessionInput = z.object({ sessionId }).default({})
export const questionInput = z.object({
  question,
  context: contextInput,
  sessionId,
  generated: z
    .boolean()
    .optional()
    .meta({ description: 'True when the candidate picked the question from generated practice questions' }),
})
export const analyzeInput = z.object({ question, context: contextInput })
export const screenshotInput = z.object({
  // No length limit here: the body limit and the decoded size answer every too-large image with 413.
  image: z.string().min(1, 'image is required'),
  context: contextInput,
  sessionId,
})
export const generateQuestionsInput = z.object({
  topic: z.string().trim().min(1, 'topic is required').max(200, 'topic must be at most 200 characters'),
  difficulty: z.enum(['easy', 'medium', 'hard']).default('medium'),
  count: z.coerce
    .number()
    .int()
    .min(1, 'count must be between 1 and 20')
    .max(20, 'count must be between 1 and 20')
    .default(5),
  context: contextInput,
})
export const improveCommunicationInput = z.object({
  response: z.string().trim().min(1, 'response is required').max(8_000, 'response must be at most 8,000 characters'),
  context: contextInput,
})
export const historyInput = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(10),
  })
  .default({ page: 1, pageSize: 10 })

export const sessionSchema = z
  .object({
    id: z.string(),
    mode: z.enum(['voice', 'text']),
    status: z.enum(['active', 'ended']),
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    questionsAsked: z.number().int(),
    counted: z
      .boolean()
      .nullable()
      .meta({ description: 'Whether the session used an interview of the allowance (null while active)' }),
    context: interviewContextSchema.nullable(),
  })
  .meta({ id: 'InterviewSession' })

const interviewsUsageSchema = z
  .object({ used: z.number().int(), remaining: z.number().int(), total: z.number().int() })
  .meta({ id: 'InterviewsUsage' })

export const usageLimitsSchema = z
  .object({
    planType: z.enum(['none', 'starter', 'professional', 'pro']),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    interviews: interviewsUsageSchema,
    activeSessions: z.number().int(),
  })
  .meta({ id: 'UsageLimits' })

export const answerSchema = z
  .object({
    response: z.string(),
    gist: z.string().optional().meta({
      description:
        'The one line to say first: the response opens with it, then points to say aloud (about 80 words with it), then any detail under "More detail"',
    }),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({
        description: `Offline engine: the probability that the knowledge-base entry answers the question, 0–1; below ${CONFIDENCE_THRESHOLD} the response is the structured approach, not a prepared answer`,
      }),
    source: z.enum(['knowledge-base', 'framework', 'model']).optional().meta({
      description:
        "Where the response comes from: a curated answer, the structured approach when there is no reliable answer ('framework'), or the provider's model",
    }),
    matchedQuestion: z
      .string()
      .optional()
      .meta({ description: 'Offline engine: the knowledge-base question the response answers' }),
    suggestions: suggestionsSchema.optional().meta({
      description:
        'Offline engine, with the structured approach only: up to three knowledge-base questions near this one, most likely first. When one is what the interviewer meant, ask it as the next question (same session) for its prepared answer',
    }),
    finishReason: z.string().optional().meta({
      description:
        "Provider: why the model stopped; anything but 'stop' means the response may be cut short or refused",
    }),
    sessionId: z.string(),
    questionId: z.string(),
    provider: z.string(),
    model: z.string(),
    latencyMs: z.number().int(),
    usage: z.object({
      inputTokens: z.number().int(),
      outputTokens: z.number().int(),
      totalTokens: z.number().int(),
      interviews: interviewsUsageSchema,
    }),
  })
  .meta({ id: 'InterviewAnswer' })

const transcriptConfidence = z.number().min(0).max(1).meta({
  description:
    'How sure the recognizer is of the transcript, 0–1; absent when it reports nothing to judge by (decision 0055)',
})

const heardShape = {
  transcript: z.string().meta({ description: 'What the recognizer heard' }),
  transcriptConfidence: transcriptConfidence.optional(),
  transcription: z.object({ provider: z.string(), model: z.string(), latencyMs: z.number().int() }),
}

/** A transcript sure enough to be answered: the answer, and what was heard. */
const answeredAudioSchema = answerSchema.extend({
  ...heardShape,
  needsConfirmation: z.literal(false).meta({ description: 'The transcript was sure enough to be answered' }),
})

/** A transcript too unsure to answer: nothing was asked or counted; the candidate confirms or corrects it. */
const unconfirmedAudioSchema = z.object({
  ...heardShape,
  transcriptConfidence,
  needsConfirmation: z.literal(true).meta({
    description:
      'The transcript is below the confidence threshold: it was not answered nor recorded. Show it to the candidate, who confirms or corrects it and sends it as a question (POST /interview/question)',
  }),
  response: z.string().meta({ description: 'A sentence to show in place of an answer, quoting the transcript' }),
  sessionId: z.string(),
  provider: z.string(),
  model: z.string(),
  latencyMs: z.number().int(),
  usage: answerSchema.shape.usage,
})

export const audioAnswerSchema = z.discriminatedUnion('needsConfirmation', [
  answeredAudioSchema,
  unconfirmedAudioSchema,
])

export const screenshotAnswerSchema = answerSchema
  .extend({ extractedText: z.string(), question: z.string().nullable() })
  .meta({ id: 'ScreenshotAnswer' })

export const historySchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  sessions: z.array(
    z.object({
      id: z.string(),
      mode: z.enum(['voice', 'text']),
      planType: z.enum(planIds),
      status: z.enum(['active', 'ended']),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      endReason: z.enum(['ended', 'abandoned']).nullable(),
      questionsAsked: z.number().int(),
      counted: z.boolean().nullable(),
      questions: z.array(
        z.object({
          id: z.string(),
          source: z.enum(questionSources),
          question: z.string().nullable(),
          answer: z.string().nullable(),
          transcript: z.string().nullable(),
          contextUsed: z.boolean(),
          provider: z.string(),
          model: z.string(),
          latencyMs: z.number().int(),
          totalTokens: z.number().int(),
          askedAt: z.string(),
        }),
      ),
    }),
  ),
})

export { communicationFeedbackSchema, generatedQuestionsSchema, questionAnalysisSchema }
