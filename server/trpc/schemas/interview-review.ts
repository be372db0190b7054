import { z } from 'zod'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { questionCategories } from '#rules/question-category.ts'

const sessionId = z.uuid('id must be a session id')
const isoDate = z.iso.date('must be a date (YYYY-MM-DD)')

export const sessionReviewInput = z.object({ id: sessionId })

export const rateAnswerInput = z.object({
  id: sessionId,
  questionId: z.uuid('questionId must be a question id'),
  rating: z.number().int().min(1, 'rating must be 1 to 5').max(5, 'rating must be 1 to 5'),
  note: z.string().max(500, 'note must be at most 500 characters').optional(),
})

/** A year at most, so one request cannot ask for the whole history at once. */
const longestRangeDays = 366

export const insightsInput = z
  .object({
    from: isoDate.optional().meta({ description: 'First day (UTC), included; default 90 days before `to`' }),
    to: isoDate.optional().meta({ description: 'Last day (UTC), included; default today' }),
  })
  .default({})
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, 'from must not be after to')
  .refine(
    ({ from, to }) =>
      from === undefined || to === undefined || (Date.parse(to) - Date.parse(from)) / 86_400_000 < longestRangeDays,
    `the range must be at most ${longestRangeDays} days`,
  )

const byCategory = z.object(
  Object.fromEntries(questionCategories.map((category) => [category, z.number().int()])) as Record<
    (typeof questionCategories)[number],
    z.ZodNumber
  >,
)

const reviewSession = z.object({
  id: z.string(),
  mode: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationMs: z.number().int(),
  endReason: z.string().nullable(),
})

const reviewSummary = z.object({
  questionCount: z.number().int(),
  byCategory,
  lowConfidence: z
    .number()
    .int()
    .meta({ description: `Answers given below ${CONFIDENCE_THRESHOLD} confidence` }),
  abstained: z.number().int().meta({ description: 'Questions answered with the structured approach instead' }),
  averageLatencyMs: z.number().int(),
  rated: z.number().int(),
  averageRating: z.number().nullable(),
})

const practiceItem = z.object({
  questionId: z.string(),
  topic: z.string().meta({ description: 'The question, to generate practice questions on' }),
  reason: z
    .enum(['abstained', 'low-confidence', 'rated-low', 'asked-again'])
    .meta({ description: '`asked-again`: the topic came up again in a later interview' }),
})

export const sessionReviewSchema = z
  .object({
    session: reviewSession,
    summary: reviewSummary,
    questions: z.array(
      z.object({
        id: z.string(),
        number: z.number().int(),
        askedAt: z.string(),
        mode: z.enum(['text', 'voice', 'screenshot', 'generated']),
        category: z.enum(questionCategories),
        question: z.string().nullable(),
        answer: z.string().nullable(),
        confidence: z.number().nullable(),
        source: z.enum(['knowledge-base', 'framework', 'model']).nullable(),
        trust: z.enum(['confident', 'low-confidence', 'abstained', 'unknown']),
        latencyMs: z.number().int(),
        rating: z.number().int().nullable(),
        note: z.string().nullable(),
        ratedAt: z.string().nullable(),
      }),
    ),
    practice: z.array(practiceItem),
  })
  .meta({ id: 'SessionReview' })

export const sessionReviewCountsSchema = z.object({ session: reviewSession, summary: reviewSummary })

export const ratingSchema = z.object({
  sessionId: z.string(),
  questionId: z.string(),
  rating: z.number().int(),
  note: z.string().nullable(),
})

export const insightsSchema = z
  .object({
    range: z.object({ from: z.string(), to: z.string() }),
    totals: z.object({
      sessions: z.number().int(),
      questions: z.number().int(),
      confidentShare: z.number().nullable(),
      averageRating: z.number().nullable(),
      byCategory,
    }),
    weeks: z.array(
      z.object({
        weekStart: z.string().meta({ description: 'The Monday (UTC) the week starts on' }),
        sessions: z.number().int(),
        questions: z.number().int(),
        byCategory,
        confidentShare: z.number().nullable(),
        averageRating: z.number().nullable(),
      }),
    ),
    practice: z.array(practiceItem.extend({ sessionId: z.string() })),
  })
  .meta({ id: 'InterviewInsights' })
