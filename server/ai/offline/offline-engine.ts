/**
 * The offline AI engine (DESIGN.md §5, AI row): the `AiEngine` interface over the offline
 * knowledge-base engine, tesseract.js OCR and PocketSphinx speech recognition. Nothing leaves the
 * machine. Results carry what the knowledge base knows beyond the common shape (matches,
 * confidence, communication metrics…) in the optional fields of ai-schemas.ts.
 */
import type { Logger } from '#server/logger.ts'
import type { AiEngine, CallOptions } from '#server/ai/ai-engine.ts'
import {
  analyzeQuestionInputSchema,
  answerInputSchema,
  generateQuestionsInputSchema,
  improveCommunicationInputSchema,
  screenshotInputSchema,
  transcribeInputSchema,
  type AnswerInput,
  type AnswerStreamEvent,
} from '#server/ai/ai-schemas.ts'
import { readImageInfo } from '#server/ai/image-header.ts'
import { chunkWords, OFFLINE_MODEL } from '#server/ai/offline/answer/answer.ts'
import { createTesseractRecognizer, type TesseractRecognizer } from '#server/ai/offline/ocr/tesseract.ts'
import { analyzeWithKnowledgeBase } from '#server/ai/offline/answer/engine-analysis.ts'
import { knowledgeAnswer } from '#server/ai/offline-engine/answer.ts'
import { abortable, OFFLINE_PROVIDER, parseInput, toOfflineError, throwIfAborted } from './offline-errors.ts'
import { feedbackFromRules } from '#server/ai/offline/communication/engine-feedback.ts'
import { findQuestion } from '#server/ai/offline/ocr/find-question.ts'
import { questionsFromKnowledgeBase } from '#server/ai/offline/practice/engine-questions.ts'
import {
  createLocalTranscriber,
  type LocalTranscriber,
  type LocalTranscriberOptions,
} from '#server/ai/offline/speech/local-transcriber.ts'
import { elapsedMs, estimateUsage } from './usage-estimate.ts'

export { OFFLINE_MODEL, OFFLINE_PROVIDER }

export type OfflineEngineOptions = {
  /** For one OCR or speech recognition. */
  timeoutMs?: number
  /** Words per streamed delta. */
  wordsPerChunk?: number
  speech?: Omit<LocalTranscriberOptions, 'provider' | 'timeoutMs' | 'logger'>
  logger?: Pick<Logger, 'warn'>
}

/** An engine holding an OCR worker thread, which `close()` stops. */
export type ClosableAiEngine = AiEngine & { close(): Promise<void> }

const OCR_MODEL = 'tesseract-eng'
const noTextAnswer =
  'No text could be read from this screenshot. Make sure the question is visible and not too small, or type the question instead.'

export function createOfflineEngine(
  options: OfflineEngineOptions = {},
): ClosableAiEngine & { readonly transcriber: LocalTranscriber } {
  const provider = OFFLINE_PROVIDER
  const model = OFFLINE_MODEL
  const timeoutMs = options.timeoutMs ?? 30_000
  let ocr: TesseractRecognizer | undefined
  const transcriber = createLocalTranscriber({ ...options.speech, provider, timeoutMs, logger: options.logger })

  const meta = (started: number, input: readonly (string | undefined)[], output: readonly (string | undefined)[]) => ({
    provider,
    model,
    latencyMs: elapsedMs(started),
    usage: estimateUsage(input, output),
  })

  /** The knowledge-base work is synchronous; a failure in it still rejects with AiProviderError. */
  function guarded<T>(work: () => T): T {
    try {
      return work()
    } catch (error) {
      throw toOfflineError(error, provider, model)
    }
  }

  function answer(input: AnswerInput, callOptions: CallOptions = {}) {
    const { question, context } = parseInput(answerInputSchema, input)
    throwIfAborted(callOptions.signal)
    const started = performance.now()
    const result = guarded(() => knowledgeAnswer(question, context))
    return {
      text: result.text,
      matches: result.matches,
      confidence: result.confidence,
      ...meta(started, [question, context.role, context.resume, context.jobDescription], [result.text]),
    }
  }

  async function* streamAnswer(input: AnswerInput, callOptions: CallOptions = {}): AsyncGenerator<AnswerStreamEvent> {
    const result = answer(input, callOptions)
    for (const text of chunkWords(result.text, options.wordsPerChunk ?? 4)) {
      throwIfAborted(callOptions.signal)
      yield { type: 'delta', text }
    }
    yield { type: 'done', result }
  }

  return {
    provider,
    transcriber,

    async answer(input, callOptions) {
      return answer(input, callOptions)
    },

    streamAnswer,

    async analyzeScreenshot(input, callOptions = {}) {
      const { image, context } = parseInput(screenshotInputSchema, input)
      throwIfAborted(callOptions.signal)
      const started = performance.now()
      try {
        readImageInfo(image)
      } catch (error) {
        throw toOfflineError(error, provider, OCR_MODEL)
      }
      ocr ??= createTesseractRecognizer({ timeoutMs })
      const screen = await abortable(ocr.recognize(image), callOptions.signal).catch((error: unknown) => {
        throw toOfflineError(error, provider, OCR_MODEL)
      })
      if (screen.text === '') {
        return {
          extractedText: '',
          question: null,
          answer: noTextAnswer,
          ocrConfidence: screen.confidence,
          ...meta(started, [], [noTextAnswer]),
        }
      }
      const found = findQuestion(screen.text)
      const result = guarded(() => knowledgeAnswer(found.question, context))
      return {
        extractedText: screen.text,
        question: found.recognised ? found.question : null,
        answer: result.text,
        ocrConfidence: screen.confidence,
        matches: result.matches,
        confidence: result.confidence,
        ...meta(started, [screen.text, context.role, context.resume, context.jobDescription], [result.text]),
      }
    },

    async transcribe(input, callOptions = {}) {
      const { audio } = parseInput(transcribeInputSchema, input)
      return transcriber.transcribe(audio, callOptions.signal)
    },

    async generateQuestions(input, callOptions = {}) {
      const { topic, difficulty, count, context } = parseInput(generateQuestionsInputSchema, input)
      throwIfAborted(callOptions.signal)
      const started = performance.now()
      const result = guarded(() => questionsFromKnowledgeBase(topic, difficulty, count, context))
      const output = result.questions.flatMap((q) => [q.question, q.hint, ...q.keyPoints])
      return { ...result, ...meta(started, [topic, context.jobDescription], output) }
    },

    async improveCommunication(input, callOptions = {}) {
      const { response, context } = parseInput(improveCommunicationInputSchema, input)
      throwIfAborted(callOptions.signal)
      const started = performance.now()
      const feedback = guarded(() => feedbackFromRules(response, context))
      const output = [feedback.improvedResponse, ...feedback.strengths, ...feedback.suggestions]
      return { ...feedback, ...meta(started, [response, context.role, context.resume, context.jobDescription], output) }
    },

    async analyzeQuestion(input, callOptions = {}) {
      const { question, context } = parseInput(analyzeQuestionInputSchema, input)
      throwIfAborted(callOptions.signal)
      const started = performance.now()
      const analysis = guarded(() => analyzeWithKnowledgeBase(question, context))
      const output = [
        analysis.intent,
        ...analysis.keyConcepts,
        ...analysis.answerOutline,
        ...analysis.followUpQuestions,
      ]
      return { ...analysis, ...meta(started, [question, context.role, context.resume, context.jobDescription], output) }
    },

    async close() {
      await ocr?.close()
    },
  }
}
