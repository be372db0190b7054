import { reviewMessages } from '#server/interviews/review/review-access.ts'
import { sessionMessages } from '#events/interviews/interview-session-decider.ts'
import { exampleAnswer, exampleIds, exampleTimes } from './example-values.ts'
import { planGateRefusal } from './interview.ts'
import type { TagExamples } from './operation-example.ts'

const notInPlan = planGateRefusal('professional', 'interviewAnalytics')
const question = 'What is a closure in JavaScript?'
const reviewErrors = {
  feature_not_in_plan: notInPlan,
  not_found: { error: reviewMessages.notFound },
  session_active: { error: reviewMessages.stillRunning, details: { sessionId: exampleIds.session } },
}
const categories = { technical: 1, 'system-design': 0, behavioural: 0, 'hr-salary': 0, other: 0 }

/** The review, insights and rating operations of the Pro plan's interview analytics. */
export const interviewReviewExamples = {
  'GET /interview/sessions/{id}/review': {
    request: { path: { id: exampleIds.session } },
    success: {
      session: {
        id: exampleIds.session,
        mode: 'text',
        startedAt: exampleTimes.sessionStarted,
        endedAt: exampleTimes.sessionEnded,
        durationMs: 384,
        endReason: 'ended',
      },
      summary: {
        questionCount: 1,
        byCategory: categories,
        lowConfidence: 0,
        abstained: 0,
        averageLatencyMs: 3,
        rated: 1,
        averageRating: 4,
      },
      questions: [
        {
          id: exampleIds.question,
          number: 1,
          askedAt: exampleTimes.asked,
          mode: 'text',
          category: 'technical',
          question,
          answer: exampleAnswer,
          confidence: 0.93,
          source: 'knowledge-base',
          trust: 'confident',
          latencyMs: 3,
          rating: 4,
          note: 'Add a counter example next time',
          ratedAt: exampleTimes.sessionEnded,
        },
      ],
      practice: [],
    },
    errors: reviewErrors,
  },
  'GET /interview/sessions/{id}/review/pdf': {
    request: { path: { id: exampleIds.session } },
    success: '%PDF-1.7 … (the A4 review: summary, practice list, each question with its answer)',
    errors: reviewErrors,
  },
  'GET /interview/sessions/{id}/review/csv': {
    request: { path: { id: exampleIds.session } },
    success: `number,asked_at,mode,category,question,answer,confidence,source,trust,latency_ms,rating,note\r\n1,${exampleTimes.sessionStarted},Typed,Technical topics,${question},"A closure is a function that keeps the variables of the scope it was created in, …",0.92,knowledge-base,confident,42,4,Add a counter example next time\r\n`,
    errors: reviewErrors,
  },
  'GET /interview/insights': {
    request: { query: { from: '2026-11-01', to: '2026-11-30' } },
    success: {
      range: { from: '2026-11-01', to: '2026-11-30' },
      totals: { sessions: 1, questions: 1, confidentShare: 1, averageRating: 4, byCategory: categories },
      weeks: [
        {
          weekStart: '2026-11-23',
          sessions: 1,
          questions: 1,
          byCategory: categories,
          confidentShare: 1,
          averageRating: 4,
        },
      ],
      practice: [],
    },
    errors: { feature_not_in_plan: notInPlan, invalid_request: { error: 'from must not be after to' } },
  },
  'POST /interview/sessions/{id}/questions/{questionId}/rating': {
    request: {
      path: { id: exampleIds.session, questionId: exampleIds.question },
      json: { rating: 4, note: 'Add a counter example next time' },
    },
    success: {
      sessionId: exampleIds.session,
      questionId: exampleIds.question,
      rating: 4,
      note: 'Add a counter example next time',
    },
    errors: { feature_not_in_plan: notInPlan, not_found: { error: sessionMessages.questionNotFound } },
  },
} satisfies TagExamples
