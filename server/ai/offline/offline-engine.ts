/**
 * The offline AI engine: the `AiEngine` interface over the knowledge base, tesseract.js OCR and
 * PocketSphinx speech recognition. Nothing leaves the machine. Results carry what the knowledge
 * base knows beyond the common shape (matches, confidence, communication metrics…) in the
 * optional fields of ai-schemas.ts.
 */
import type { Logger } from '#server/logger.ts'
import type { AiEngine, CallOptions } from '#server/ai/ai-engine.ts'
import {
  answerInputSchema,
  generateQuestionsInputSchema,
  improveCommunicationInputSchema,
  screenshotInputSchema,
  transcribeInputSchema,
  type AnswerInput,
  type AnswerResult,
  type AnswerStreamEvent,
  type InterviewContext,
} from '#server/ai/ai-schemas.ts'
import { readImageInfo } from '#server/ai/image-header.ts'
import { answerQuestion, chunkWords } from './answer/answer.ts'
import { analyzeWithKnowledgeBase } from './answer/engine-analysis.ts'
import { OFFLINE_QUESTION_LIMIT } from './answer/question-input.ts'
import { feedbackFromRules } from './communication/engine-feedback.ts'
import { findQuestion } from './ocr/find-question.ts'
import { createTesseractRecognizer, type TesseractRecognizer } from './ocr/tesseract.ts'
import { abortable, parseInput, toOfflineError, throwIfAborted } from './offline-errors.ts'
import { OFFLINE_MODEL, OFFLINE_PROVIDER } from './offline-provider.ts'
import { questionsFromKnowledgeBase } from './practice/engine-questions.ts'
import {
  createLocalTranscriber,
  type LocalTranscriber,
  type LocalTranscriberOptions,
} from './speech/local-transcriber.ts'
import { prepareLanguageEvidence } from './speech/transcript-plausibility.ts'
import { heardSearches } from './search/heard-searches.ts'
import type { KnowledgeSearch } from './search/retrieve.ts'
import { elapsedMs, estimateUsage } from './usage-estimate.ts'

export type OfflineEngineOptions = {
  /** For one OCR or speech recognition. */
  timeoutMs?: number
  /** Words per streamed delta. */
  wordsPerChunk?: number
  speech?: Omit<LocalTranscriberOptions, 'provider' | 'timeoutMs' | 'logger' | 'search'>
  logger?: Pick<Logger, 'warn'>
  /** The knowledge-base search under the engine's (tests count its calls); default `findAnswers`. */
  search?: KnowledgeSearch
}

/** An engine holding an OCR worker thread and speech decoders, which `close()` stops. */
export type ClosableAiEngine = AiEngine & { close(): Promise<void> }

const OCR_MODEL = 'tesseract-eng'
const noTextAnswer =
  'No text could be read from this screenshot. Make sure the question is visible and not too small, or type the question instead.'

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Runs synchronous work as a promise, so that a throw reaches the caller as a rejection. */
function settled<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => {
    resolve(work())
  })
}

/** The context's texts, which count as input for the usage estimate. */
function contextTexts(context: InterviewContext): (string | undefined)[] {
  return [context.role, context.resume, context.jobDescription]
}

/** The knowledge base's answer, from the first `OFFLINE_QUESTION_LIMIT` characters of the question. */
function knowledgeAnswer(
  search: KnowledgeSearch,
  question: string,
  context: InterviewContext,
  history: AnswerInput['history'] = [],
) {
  const result = answerQuestion({ question: question.slice(0, OFFLINE_QUESTION_LIMIT), context, history }, search)
  const matchedQuestion = result.source === 'knowledge-base' ? result.matches[0]?.question : undefined
  return {
    text: result.answer,
    gist: result.gist,
    matches: result.matches,
    confidence: result.confidence,
    source: result.source,
    ...(matchedQuestion === undefined ? {} : { matchedQuestion }),
    ...(result.suggestions.length === 0 ? {} : { suggestions: result.suggestions }),
  }
}

export function createOfflineEngine(
  options: OfflineEngineOptions = {},
): ClosableAiEngine & { readonly transcriber: LocalTranscriber } {
  const provider = OFFLINE_PROVIDER
  const model = OFFLINE_MODEL
  const timeoutMs = options.timeoutMs ?? 30_000
  let ocr: TesseractRecognizer | undefined
  // A spoken question's words are searched for once: when its transcript is judged, the result
  // kept for the answer to the same words.
  const searches = heardSearches(options.search)
  const transcriber = createLocalTranscriber({
    ...options.speech,
    provider,
    timeoutMs,
    logger: options.logger,
    search: searches.judge,
  })
  /**
   * The transcript's confidence reads the words under the interview language model, a few hundred
   * milliseconds of CPU to build: built in slices while the first clip is decoded, it is ready
   * when the transcript is. Should it fail, scoring the transcript fails with the same error.
   */
  const prepareTranscriptScorer = () => {
    prepareLanguageEvidence().catch((error: unknown) => {
      options.logger?.warn('The transcript scorer could not be built ahead', {
        error: error instanceof Error ? error.message : String(error),
      })
    })
  }

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

  function answer(input: AnswerInput, callOptions: CallOptions = {}): AnswerResult {
    const { question, context, history } = parseInput(answerInputSchema, input)
    throwIfAborted(callOptions.signal)
    const started = performance.now()
    const result = guarded(() => knowledgeAnswer(searches.search, question, context, history))
    return { ...result, ...meta(started, [question, ...contextTexts(context)], [result.text]) }
  }

  async function* streamAnswer(input: AnswerInput, callOptions: CallOptions = {}): AsyncGenerator<AnswerStreamEvent> {
    const result = await settled(() => answer(input, callOptions))
    for (const text of chunkWords(result.text, options.wordsPerChunk ?? 4)) {
      // The knowledge base writes the whole answer at once; one event-loop turn per delta lets each
      // leave as its own write (as a model's would) and a disconnect stop the rest. No added delay.
      await nextTurn()
      throwIfAborted(callOptions.signal)
      yield { type: 'delta', text }
    }
    yield { type: 'done', result }
  }

  return {
    provider,
    transcriber,

    answer: (input, callOptions) => settled(() => answer(input, callOptions)),

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
      const result = guarded(() => knowledgeAnswer(searches.search, found.question, context))
      return {
        extractedText: screen.text,
        question: found.recognised ? found.question : null,
        answer: result.text,
        ocrConfidence: screen.confidence,
        matches: result.matches,
        confidence: result.confidence,
        source: result.source,
        ...(result.matchedQuestion === undefined ? {} : { matchedQuestion: result.matchedQuestion }),
        ...(result.suggestions === undefined ? {} : { suggestions: result.suggestions }),
        ...meta(started, [screen.text, ...contextTexts(context)], [result.text]),
      }
    },

    async transcribe(input, callOptions = {}) {
      const { audio } = parseInput(transcribeInputSchema, input)
      prepareTranscriptScorer()
      return transcriber.transcribe(audio, callOptions.signal, callOptions.caller)
    },
    listen: ({ caller }) => {
      prepareTranscriptScorer()
      return transcriber.listen(caller)
    },

    generateQuestions: (input, callOptions = {}) =>
      settled(() => {
        const { topic, difficulty, count, context } = parseInput(generateQuestionsInputSchema, input)
        throwIfAborted(callOptions.signal)
        const started = performance.now()
        const result = guarded(() => questionsFromKnowledgeBase(topic, difficulty, count, context))
        const output = result.questions.flatMap((q) => [q.question, q.hint, ...q.keyPoints])
        return { ...result, ...meta(started, [topic, context.jobDescription], output) }
      }),

    improveCommunication: (input, callOptions = {}) =>
      settled(() => {
        const { response, context } = parseInput(improveCommunicationInputSchema, input)
        throwIfAborted(callOptions.signal)
        const started = performance.now()
        const feedback = guarded(() => feedbackFromRules(response, context))
        const output = [feedback.improvedResponse, ...feedback.strengths, ...feedback.suggestions]
        return { ...feedback, ...meta(started, [response, ...contextTexts(context)], output) }
      }),

    analyzeQuestion: (input, callOptions = {}) =>
      settled(() => {
        const { question, context } = parseInput(answerInputSchema, input)
        throwIfAborted(callOptions.signal)
        const started = performance.now()
        const analysis = guarded(() => analyzeWithKnowledgeBase(question, context))
        const output = [
          analysis.intent,
          ...analysis.keyConcepts,
          ...analysis.answerOutline,
          ...analysis.followUpQuestions,
        ]
        return { ...analysis, ...meta(started, [question, ...contextTexts(context)], output) }
      }),

    async close() {
      await Promise.all([ocr?.close(), transcriber.close()])
    },
  }
}
