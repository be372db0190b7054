/**
 * The offline interview engine: used when no AI provider is configured (DESIGN.md §5, AI row).
 * Pure functions over a curated knowledge base; no network access.
 */
export { analyzeQuestion, answerQuestion, chunkWords, OFFLINE_MODEL, OFFLINE_PROVIDER, streamAnswer } from './answer.ts'
export type { OfflineAnswer, QuestionAnalysis } from './answer.ts'
export { improveCommunication, improveCommunicationInputSchema } from './communication.ts'
export type { CommunicationFeedback, ImproveCommunicationInput } from './communication.ts'
export { generateQuestions, generateQuestionsInputSchema } from './generate-questions.ts'
export type { GeneratedQuestion, GeneratedQuestions, GenerateQuestionsInput } from './generate-questions.ts'
export { questionInputSchema } from './input.ts'
export type { QuestionInput } from './input.ts'
export { interviewContextSchema } from './context.ts'
export type { InterviewContext } from './context.ts'
export { CONFIDENCE_THRESHOLD, findAnswers } from './retrieve.ts'
export type { AnswerMatch, RetrievalResult } from './retrieve.ts'
export { knowledgeBase } from './knowledge/knowledge-base.ts'
export type { Category, Difficulty, KbEntry } from './knowledge/schema.ts'
