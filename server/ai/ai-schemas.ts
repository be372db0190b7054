/**
 * The inputs and results of the AI engine as zod schemas, so the REST layer, the engines and the
 * tests share one description of every payload.
 */
import { z } from 'zod'
import { interviewContextLimits } from '#rules/interview-context.ts'

/** What the candidate tells about themselves and the job; every engine and the API read this one schema. */
export const interviewContextSchema = z.object({
  resume: z.string().max(interviewContextLimits.resume).optional(),
  role: z.string().max(interviewContextLimits.role).optional(),
  jobDescription: z.string().max(interviewContextLimits.jobDescription).optional(),
})
export type InterviewContext = z.infer<typeof interviewContextSchema>

/**
 * The context as plain text, which the desktop assistant may send instead of the object. It is
 * read as the job description, since that is what users paste most often, so it has that limit.
 */
export const interviewContextTextSchema = z
  .string()
  .max(
    interviewContextLimits.jobDescription,
    `context must be at most ${interviewContextLimits.jobDescription.toLocaleString('en-US')} characters`,
  )

export const difficultySchema = z.enum(['easy', 'medium', 'hard'])
export type Difficulty = z.infer<typeof difficultySchema>

const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
})
export type TokenUsage = z.infer<typeof tokenUsageSchema>

/** Who answered and at what cost; every model-backed result carries it. */
const answerMetaSchema = z.object({
  /** e.g. 'openai-compatible', 'offline'. */
  provider: z.string(),
  /** The model that actually produced the answer (the fallback model when it was used). */
  model: z.string(),
  latencyMs: z.number().nonnegative(),
  usage: tokenUsageSchema,
})

// ----- inputs -----

// Any Uint8Array, Node Buffers included (z.instanceof would narrow to an ArrayBuffer-backed one).
const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be binary data')

/** One earlier question of the same session and the answer it got. */
const turnSchema = z.object({ question: z.string().max(8_000), answer: z.string().max(20_000) })

export const answerInputSchema = z.object({
  question: z.string().trim().min(1).max(8_000),
  context: interviewContextSchema.default({}),
  /** The session's last few turns, oldest first: a follow-up is answered in their light. */
  history: z.array(turnSchema).max(5).default([]),
})
export type AnswerInput = z.input<typeof answerInputSchema>

const screenshotImageMimeTypes = ['image/png', 'image/jpeg', 'image/webp'] as const
export const screenshotInputSchema = z.object({
  image: bytes.refine((value) => value.byteLength > 0, 'image is empty'),
  mimeType: z.enum(screenshotImageMimeTypes),
  context: interviewContextSchema.default({}),
})
export type ScreenshotInput = z.input<typeof screenshotInputSchema>

export const transcribeInputSchema = z.object({
  audio: bytes.refine((value) => value.byteLength > 0, 'audio is empty'),
  /** e.g. audio/wav, audio/webm, audio/mpeg, audio/ogg, audio/mp4. */
  mimeType: z.string().regex(/^audio\/[\w.+-]+$/, 'must be an audio/* media type'),
})
export type TranscribeInput = z.input<typeof transcribeInputSchema>

export const generateQuestionsInputSchema = z.object({
  topic: z.string().trim().min(1).max(300),
  difficulty: difficultySchema.default('medium'),
  count: z.number().int().min(1).max(20).default(5),
  context: interviewContextSchema.default({}),
})
export type GenerateQuestionsInput = z.input<typeof generateQuestionsInputSchema>

export const improveCommunicationInputSchema = z.object({
  response: z.string().trim().min(1).max(8_000),
  context: interviewContextSchema.default({}),
})
export type ImproveCommunicationInput = z.input<typeof improveCommunicationInputSchema>

/** A question to analyse takes the same input as one to answer. */
export type AnalyzeQuestionInput = AnswerInput

// ----- results -----

/** Knowledge-base questions offered in place of an answer, best first (decision 0154). */
export const suggestionsSchema = z.array(z.object({ id: z.string(), question: z.string() })).max(3)

/** Where an answer's text comes from, and why a model stopped: what a candidate needs to judge it. */
const answerTrustShape = {
  /** 'knowledge-base': a curated model answer; 'framework': no reliable answer, the structured approach instead; 'model': the provider's model. */
  source: z.enum(['knowledge-base', 'framework', 'model']).optional(),
  /** Offline engine only: the knowledge-base question the answer was given for. */
  matchedQuestion: z.string().optional(),
  /** Offline engine, structured approach only: knowledge-base questions near this one, best first, which the candidate may ask instead. */
  suggestions: suggestionsSchema.optional(),
  /** Provider only: why the model stopped ('stop', 'length', 'content-filter'…); anything but 'stop' means the text may be cut short or refused. */
  finishReason: z.string().optional(),
}

/** A knowledge-base entry the offline engine matched, best first. */
const knowledgeMatchSchema = z.object({
  id: z.string(),
  question: z.string(),
  score: z.number(),
})

export const answerResultSchema = answerMetaSchema.extend({
  text: z.string(),
  /** The text's first line, the one to say first (decision 0053); the text still begins with it. */
  gist: z.string().optional(),
  /** Offline engine only: the knowledge-base entries the answer drew on. */
  matches: z.array(knowledgeMatchSchema).optional(),
  /** Offline engine only: 0–1, the probability that the best entry answers the question (below the engine's threshold, `CONFIDENCE_THRESHOLD`, the answer is the structured approach). */
  confidence: z.number().min(0).max(1).optional(),
  ...answerTrustShape,
})
export type AnswerResult = z.infer<typeof answerResultSchema>

/** One event of a streamed answer: text deltas in order, then exactly one `done`. */
export const answerStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), result: answerResultSchema }),
])
export type AnswerStreamEvent = z.infer<typeof answerStreamEventSchema>

export const screenshotAnalysisSchema = answerMetaSchema.extend({
  /** The text read from the screen (question, code, slide…). */
  extractedText: z.string(),
  /** The interview question found on the screen, or null when none was recognised. */
  question: z.string().nullable(),
  answer: z.string(),
  /** Offline engine only: the OCR's mean word confidence, 0–100. */
  ocrConfidence: z.number().min(0).max(100).optional(),
  matches: z.array(knowledgeMatchSchema).optional(),
  confidence: z.number().min(0).max(1).optional(),
  ...answerTrustShape,
})
export type ScreenshotAnalysis = z.infer<typeof screenshotAnalysisSchema>

export const transcriptionResultSchema = z.object({
  text: z.string(),
  provider: z.string(),
  model: z.string(),
  latencyMs: z.number().nonnegative(),
  /** 0–1, how sure the recognizer is of the words (decision 0055); absent when it gives no signal. */
  confidence: z.number().min(0).max(1).optional(),
})
export type TranscriptionResult = z.infer<typeof transcriptionResultSchema>

export const questionCategorySchema = z.enum([
  'technical',
  'coding',
  'system-design',
  'behavioral',
  'situational',
  'general',
])
export type QuestionCategory = z.infer<typeof questionCategorySchema>

const generatedQuestionSchema = z.object({
  question: z.string().min(1),
  category: questionCategorySchema,
  difficulty: difficultySchema,
  /** What a strong answer covers. */
  keyPoints: z.array(z.string()),
  /** Offline engine only: how to start the answer. */
  hint: z.string().optional(),
  /** Offline engine only: the knowledge-base entry the question comes from. */
  sourceId: z.string().optional(),
})

export const generatedQuestionsSchema = answerMetaSchema.extend({
  questions: z.array(generatedQuestionSchema),
  /** Offline engine only: plain-language notes on substitutions (other difficulties, a general mix). */
  notes: z.array(z.string()).optional(),
})
export type GeneratedQuestions = z.infer<typeof generatedQuestionsSchema>

const phraseCountSchema = z.object({ phrase: z.string(), count: z.number().int().nonnegative() })

/** Measurements of a spoken answer (offline engine). */
const communicationMetricsSchema = z.object({
  wordCount: z.number().int().nonnegative(),
  sentenceCount: z.number().int().nonnegative(),
  /** At `wordsPerMinute`, a typical interview speaking rate. */
  speakingTimeSeconds: z.number().nonnegative(),
  wordsPerMinute: z.number().positive(),
  averageSentenceLength: z.number().nonnegative(),
  longestSentenceWords: z.number().int().nonnegative(),
  longSentences: z.array(z.object({ text: z.string(), wordCount: z.number().int() })),
  fillers: z.object({ total: z.number().int(), per100Words: z.number(), items: z.array(phraseCountSchema) }),
  hedges: z.object({ total: z.number().int(), items: z.array(phraseCountSchema) }),
  passiveVoice: z.object({
    count: z.number().int(),
    items: z.array(z.object({ text: z.string(), sentence: z.string(), activeSuggestion: z.string().nullable() })),
  }),
  repeatedWords: z.array(z.object({ word: z.string(), count: z.number().int() })),
  stutters: z.array(z.object({ word: z.string(), index: z.number().int() })),
})

const communicationIssueSchema = z.object({
  type: z.string(),
  severity: z.enum(['low', 'medium', 'high']),
  message: z.string(),
  count: z.number().int().nonnegative(),
  /** The user's own words, up to three. */
  examples: z.array(z.string()),
})

const starPartSchema = z.enum(['situation', 'task', 'action', 'result'])
const starAnalysisSchema = z.object({
  /** Whether STAR is expected (a behavioural question, or an answer that tells a story). */
  applicable: z.boolean(),
  // An object with the four parts named, not a record keyed by the enum: JSON Schema readers see the properties.
  present: z.object({ situation: z.boolean(), task: z.boolean(), action: z.boolean(), result: z.boolean() }),
  /** The phrase that showed each part, as the user said it. */
  evidence: z.partialRecord(starPartSchema, z.string()),
  missing: z.array(starPartSchema),
  /** Parts present, 0–4. */
  score: z.number().int().min(0).max(4),
})

const detailedSuggestionSchema = z.object({
  /** 1 = most important. */
  priority: z.number().int().positive(),
  type: z.string(),
  message: z.string(),
  /** The user's own words the suggestion is about. */
  quote: z.string(),
  rewrite: z.string().optional(),
})

/** The transparent 0–100 score the 1–10 `score` is derived from (offline engine). */
const clarityScoreSchema = z.object({
  score: z.number().min(0).max(100),
  penalties: z.array(z.object({ factor: z.string(), points: z.number(), detail: z.string() })),
  formula: z.string(),
})

export const communicationFeedbackSchema = answerMetaSchema.extend({
  improvedResponse: z.string(),
  strengths: z.array(z.string()),
  suggestions: z.array(z.string()),
  /** 1 (poor) to 10 (excellent). */
  score: z.number().int().min(1).max(10),
  clarity: clarityScoreSchema.optional(),
  metrics: communicationMetricsSchema.optional(),
  issues: z.array(communicationIssueSchema).optional(),
  star: starAnalysisSchema.optional(),
  /** The same suggestions with the quote they are about and a rewrite where one could be made. */
  detailedSuggestions: z.array(detailedSuggestionSchema).optional(),
})
export type CommunicationFeedback = z.infer<typeof communicationFeedbackSchema>

export const questionAnalysisSchema = answerMetaSchema.extend({
  category: questionCategorySchema,
  difficulty: difficultySchema,
  /** What the interviewer is really testing. */
  intent: z.string(),
  keyConcepts: z.array(z.string()),
  /** The steps of a good answer, in order. */
  answerOutline: z.array(z.string()),
  followUpQuestions: z.array(z.string()),
  /** Offline engine only: the kind of question, which decides the answer framework. */
  type: z.enum(['technical', 'behavioural', 'system-design', 'coding']).optional(),
  /** Offline engine only: how to structure the answer, in one or two sentences. */
  suggestedApproach: z.string().optional(),
  /** Offline engine only: close knowledge-base questions, with their knowledge-base category. */
  relatedQuestions: z.array(z.object({ id: z.string(), question: z.string(), category: z.string() })).optional(),
  confidence: z.number().min(0).max(1).optional(),
})
export type QuestionAnalysis = z.infer<typeof questionAnalysisSchema>
