import { findPlan } from '#app.catalog.ts'
import type { FeatureFlagName, PlanType } from '#app.catalog.ts'
import { DomainError } from '#events/domain-error.ts'
import { audioRefusals } from '#server/routes/audio-question-route.ts'
import { utteranceRouteRefusals } from '#server/routes/utterance-routes.ts'
import { utteranceFormat, utteranceLimits } from '#server/interviews/utterances.ts'
import { utteranceRefusals } from '#server/interviews/utterance-refusals.ts'
import { maxQuestionAudioSeconds } from '#rules/media-limits.ts'
import { failures } from '#server/interviews/ask.ts'
import { requireFeature } from '#server/interviews/feature-gates.ts'
import { practiceFailures, practicePlanRequired } from '#server/interviews/practice.ts'
import { screenshotRefusals } from '#server/interviews/screenshot-image.ts'
import {
  exampleAnswer,
  exampleFeatures,
  exampleGist,
  exampleIds,
  exampleInterviews,
  exampleTimes,
} from './example-values.ts'
import { aiRefusals, speechNotConfigured } from './ai-refusals.ts'
import type { ErrorExample, TagExamples } from './operation-example.ts'

/** The words the plan gate itself refuses with, for a person on `planType` (or none) asking for `flag`. */
export function planGateRefusal(planType: PlanType, flag: FeatureFlagName): ErrorExample {
  try {
    requireFeature(exampleFeatures(planType), planType, flag)
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message }
    throw error
  }
  throw new Error(`The ${planType} plan includes ${flag}: no refusal to show`)
}

// Context sent on a plan without context configuration: how a question is refused on a paid plan.
const contextNotInPlan = planGateRefusal('starter', 'contextConfiguration')

const session = {
  id: exampleIds.session,
  mode: 'text',
  status: 'active',
  startedAt: exampleTimes.sessionStarted,
  endedAt: null,
  questionsAsked: 0,
  counted: null,
  context: null,
} as const

const exampleUtterance = '5b0e2c7a-3f4d-4e8b-9a61-0c2d7e9f1a34'

const answerMeta = {
  sessionId: exampleIds.session,
  questionId: exampleIds.question,
  provider: 'offline',
  model: 'interview-kb-v1',
  latencyMs: 3,
  usage: { inputTokens: 8, outputTokens: 220, totalTokens: 228, interviews: exampleInterviews },
} as const

const questionAnswer = { response: exampleAnswer, gist: exampleGist, ...answerMeta } as const
const question = 'What is a closure in JavaScript?'
const context = { role: 'Backend engineer', resume: 'Five years of Node.js and PostgreSQL at a payments company.' }
const practiceUsage = { inputTokens: 10, outputTokens: 130, totalTokens: 140 }
// A 1×1 PNG: the smallest image the server reads; a real screenshot is the same, only longer.
const screenshot =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const firstPiece = '**In short:** A closure is a function bundled together '

/** The data of each event of one streamed answer, in the order the server writes them. */
const streamedAnswer = {
  delta: { text: firstPiece },
  done: { success: true, data: questionAnswer },
  error: { success: false, ...aiRefusals(failures.response).ai_failed, code: 'ai_failed' },
}

export const interviewExamples = {
  'POST /interview/session/start': {
    request: { json: { mode: 'text' } },
    success: session,
    errors: { feature_not_in_plan: planGateRefusal('professional', 'contextConfiguration') },
  },
  'POST /interview/session/end': {
    request: { json: { sessionId: exampleIds.session } },
    success: {
      ...session,
      status: 'ended',
      endedAt: exampleTimes.sessionEnded,
      questionsAsked: 1,
      counted: true,
    },
  },
  'GET /interview/session/active': { success: { session } },
  'GET /interview/usage-limits': {
    success: {
      planType: 'professional',
      periodStart: exampleTimes.periodStart,
      periodEnd: exampleTimes.periodEnd,
      interviews: exampleInterviews,
      activeSessions: 1,
    },
  },
  'GET /interview/usage-periods': {
    request: { query: { limit: 6 } },
    success: {
      periods: [
        {
          orderId: exampleIds.order,
          planType: 'professional',
          periodStart: exampleTimes.periodStart,
          periodEnd: exampleTimes.periodEnd,
          included: findPlan('professional')?.interviews ?? 15,
          used: 1,
          givenBack: 0,
        },
      ],
    },
  },
  'GET /interview/history': {
    request: { query: { page: 1, pageSize: 10 } },
    success: {
      page: 1,
      pageSize: 10,
      total: 1,
      sessions: [
        {
          id: exampleIds.session,
          mode: 'text',
          planType: 'professional',
          status: 'ended',
          startedAt: exampleTimes.sessionStarted,
          endedAt: exampleTimes.sessionEnded,
          endReason: 'ended',
          questionsAsked: 1,
          counted: true,
          questions: [
            {
              id: exampleIds.question,
              source: 'text',
              question,
              answer: exampleAnswer,
              transcript: null,
              contextUsed: false,
              provider: 'offline',
              model: 'interview-kb-v1',
              latencyMs: 3,
              totalTokens: 228,
              askedAt: exampleTimes.asked,
            },
          ],
        },
      ],
    },
  },
  'POST /interview/question': {
    request: { json: { question, sessionId: exampleIds.session } },
    success: questionAnswer,
    errors: { plan_required: planGateRefusal('none', 'chat'), feature_not_in_plan: contextNotInPlan },
  },
  'POST /interview/question/stream': {
    request: { json: { question, sessionId: exampleIds.session } },
    success: streamedAnswer,
    errors: { plan_required: planGateRefusal('none', 'chat'), feature_not_in_plan: contextNotInPlan },
  },
  'POST /interview/screenshot': {
    request: { json: { image: screenshot, sessionId: exampleIds.session } },
    success: {
      response: exampleAnswer,
      gist: exampleGist,
      ...answerMeta,
      extractedText: 'Q3. What is a closure in JavaScript? Give an example.',
      question: 'What is a closure in JavaScript? Give an example.',
    },
    errors: {
      plan_required: planGateRefusal('none', 'screenAnalysis'),
      feature_not_in_plan: planGateRefusal('starter', 'screenAnalysis'),
      invalid_request: { error: screenshotRefusals.notBase64 },
      payload_too_large: { error: screenshotRefusals.tooLarge },
      ...aiRefusals(failures.screenshot),
      ai_not_configured: { error: `${failures.screenshot}: no AI provider on this server reads images` },
    },
  },
  'POST /interview/audio-question': {
    request: { multipart: { audio: '(binary: question.wav, RIFF/WAVE 16-bit PCM)', sessionId: exampleIds.session } },
    success: {
      response: exampleAnswer,
      gist: exampleGist,
      ...answerMeta,
      transcript: 'what is a closure in javascript',
      transcriptConfidence: 0.71,
      transcription: { provider: 'offline', model: 'pocketsphinx-en-us+interview-lm', latencyMs: 850 },
      needsConfirmation: false,
    },
    errors: {
      plan_required: planGateRefusal('none', 'microphone'),
      feature_not_in_plan: planGateRefusal('starter', 'microphone'),
      invalid_request: { error: audioRefusals.missing },
      payload_too_large: { error: audioRefusals.tooLarge },
      unsupported_media_type: { error: audioRefusals.notRecording },
      ...aiRefusals(failures.audio),
      ai_not_configured: speechNotConfigured(failures.audio),
    },
  },
  'POST /interview/utterances': {
    request: { json: { sessionId: exampleIds.session } },
    success: {
      utteranceId: exampleUtterance,
      sessionId: exampleIds.session,
      ...utteranceFormat,
      maxSeconds: maxQuestionAudioSeconds,
      maxBlockBytes: utteranceLimits.maxBlockBytes,
      idleSeconds: utteranceLimits.idleMs / 1000,
    },
    errors: {
      plan_required: planGateRefusal('none', 'microphone'),
      feature_not_in_plan: planGateRefusal('starter', 'microphone'),
      queue_full: { error: `${failures.audio}: ${utteranceRefusals.tooMany(utteranceLimits.openPerPerson)}` },
      ai_not_configured: speechNotConfigured(failures.audio),
    },
  },
  'PUT /interview/utterances/{id}/blocks/{sequence}': {
    request: {
      path: { id: exampleUtterance, sequence: '3' },
      raw: '(binary: 12,800 bytes, 0.4 s of 16 kHz mono 16-bit little-endian samples)',
    },
    success: { received: 4, seconds: 1.6 },
    errors: {
      not_found: { error: utteranceRefusals.unknown },
      invalid_request: { error: utteranceRouteRefusals.oddBlock },
      payload_too_large: { error: utteranceRouteRefusals.blockTooLarge },
      unsupported_media_type: { error: utteranceRouteRefusals.notOctetStream },
    },
  },
  'POST /interview/utterances/{id}/end': {
    request: { path: { id: exampleUtterance }, json: { blocks: 9 } },
    success: {
      response: exampleAnswer,
      gist: exampleGist,
      ...answerMeta,
      transcript: 'what is a closure in javascript',
      transcriptConfidence: 0.71,
      transcription: { provider: 'offline', model: 'pocketsphinx-en-us+interview-lm', latencyMs: 120 },
      needsConfirmation: false,
    },
    errors: {
      not_found: { error: utteranceRefusals.unknown },
      plan_required: planGateRefusal('none', 'microphone'),
      feature_not_in_plan: planGateRefusal('starter', 'microphone'),
      ...aiRefusals(failures.audio),
      ai_not_configured: speechNotConfigured(failures.audio),
    },
  },
  'DELETE /interview/utterances/{id}': {
    request: { path: { id: exampleUtterance } },
    success: { utteranceId: exampleUtterance, cancelled: true },
    errors: { not_found: { error: utteranceRefusals.unknown } },
  },
  'POST /interview/analyze': {
    request: { json: { question: 'How would you design a rate limiter?', context } },
    success: {
      provider: 'offline',
      model: 'interview-kb-v1',
      latencyMs: 1.3,
      usage: practiceUsage,
      category: 'system-design',
      difficulty: 'medium',
      intent:
        'Whether you can design a system around rate limiter and rate limiting: gather requirements, estimate scale, choose components and defend the trade-offs.',
      keyConcepts: ['rate limiter', 'rate limiting'],
      answerOutline: [
        'Limit requests per key per time window',
        'Token bucket allows bursts; leaky bucket smooths',
        'Shared counters in Redis with atomic operations',
        'Return 429 with Retry-After; choose fail-open or closed',
      ],
      followUpQuestions: [
        'How would it handle ten times the traffic?',
        'What fails first, and how does the system recover?',
      ],
      type: 'system-design',
      confidence: 0.822,
    },
    errors: {
      plan_required: { error: practicePlanRequired },
      feature_not_in_plan: contextNotInPlan,
      ...aiRefusals(practiceFailures.analyze),
      ai_not_configured: {
        error: `${practiceFailures.analyze}: no AI provider on this server answers this kind of question`,
      },
    },
  },
  'POST /interview/generate-questions': {
    request: { json: { topic: 'PostgreSQL indexing', difficulty: 'medium', count: 1 } },
    success: {
      provider: 'offline',
      model: 'interview-kb-v1',
      latencyMs: 2.2,
      usage: { inputTokens: 3, outputTokens: 74, totalTokens: 77 },
      questions: [
        {
          question: 'How do composite indexes work, and why does column order matter?',
          category: 'technical',
          difficulty: 'medium',
          keyPoints: [
            'Sorted by the first column, then the next',
            'Usable for leftmost prefixes',
            'Equality columns first, range and sort columns last',
          ],
          hint: 'Start with: Sorted by the first column, then the next. Then: Usable for leftmost prefixes.',
          sourceId: 'sql-composite-index',
        },
      ],
      notes: [],
    },
    errors: {
      plan_required: { error: practicePlanRequired },
      feature_not_in_plan: contextNotInPlan,
      ...aiRefusals(practiceFailures.generate),
      ai_not_configured: { error: `${practiceFailures.generate}: no AI provider on this server writes questions` },
    },
  },
  'POST /interview/improve-communication': {
    request: {
      json: {
        response:
          'Um, so basically I led the migration of our billing service to PostgreSQL, and it was completed in three months.',
      },
    },
    success: {
      provider: 'openai',
      model: 'gpt-4.1-mini',
      latencyMs: 1840,
      usage: { inputTokens: 212, outputTokens: 164, totalTokens: 376 },
      improvedResponse:
        'I led the migration of our billing service to PostgreSQL and finished it in three months, without downtime.',
      strengths: ['Names your own role', 'Gives a concrete time frame'],
      suggestions: ['Drop the fillers "um" and "basically"', 'Say it in the active voice: "I completed it"'],
      score: 6,
    },
    errors: {
      plan_required: { error: practicePlanRequired },
      feature_not_in_plan: planGateRefusal('professional', 'advancedAI'),
      ...aiRefusals(practiceFailures.improve),
      ai_not_configured: { error: `${practiceFailures.improve}: no AI provider on this server gives feedback` },
    },
  },
} satisfies TagExamples
