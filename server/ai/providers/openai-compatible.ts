/**
 * The AI engine on any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio…) through the
 * Vercel AI SDK. Chat-completions models only (`.chat(id)`): the Responses API and plain string
 * model ids (which route to a hosted gateway) are not what these servers offer.
 */
import { createOpenAI } from '@ai-sdk/openai'
import { generateText, streamText, transcribe, type ModelMessage } from 'ai'
import type { z } from 'zod'
import type { Logger } from '#server/logger.ts'
import type { AiEngine, CallOptions } from '#server/ai/ai-engine.ts'
import { AiProviderError } from '#server/ai/ai-errors.ts'
import { readImageInfo } from '#server/ai/image-header.ts'
import {
  answerInputSchema,
  generateQuestionsInputSchema,
  improveCommunicationInputSchema,
  screenshotInputSchema,
  transcribeInputSchema,
  type AnswerInput,
  type AnswerStreamEvent,
  type TokenUsage,
} from '#server/ai/ai-schemas.ts'
import {
  analyzeQuestionPrompt,
  conversation,
  generateQuestionsPrompt,
  improveCommunicationPrompt,
  interviewInstructions,
  repairPrompt,
  screenshotPrompt,
} from './interview-prompts.ts'
import { parseJsonReply } from './json-reply.ts'
import { bothFailed, modelChain, withFallback, worthFallingBack } from './model-fallback.ts'
import { openAiCompatibleOptionsSchema, type OpenAiCompatibleOptions } from './openai-compatible-options.ts'
import { toAiProviderError } from './provider-errors.ts'
import { StreamWatchdog } from './stream-watchdog.ts'
import { transcriptionConfidence } from './transcription-confidence.ts'
import {
  communicationReplySchema,
  questionAnalysisReplySchema,
  questionsReplySchema,
  screenshotReplySchema,
} from './reply-schemas.ts'
import { addUsage, noUsage, toTokenUsage } from './token-usage.ts'
import { gistOf } from '#rules/spoken-answer.ts'

export type EngineHooks = {
  /** Told when a model fails and the fallback model is tried. */
  logger?: Pick<Logger, 'warn'>
}

export function createOpenAiCompatibleEngine(options: OpenAiCompatibleOptions, hooks: EngineHooks = {}): AiEngine {
  const config = openAiCompatibleOptionsSchema.parse(options)
  const provider = config.providerName
  const openai = createOpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, name: provider })
  const textModels = modelChain(config.model, config.fallbackModel)
  const visionModels = modelChain(config.visionModel ?? config.model, config.fallbackModel)

  const toError = (error: unknown, model: string) =>
    toAiProviderError(error, {
      provider,
      model,
      apiKey: config.apiKey,
      baseUrl: config.baseUrl,
      timeoutMs: config.timeoutMs,
    })

  const onFallback = (error: AiProviderError, fallbackModel: string) =>
    hooks.logger?.warn('AI model failed; trying the fallback model', {
      provider,
      model: error.model,
      fallbackModel,
      code: error.code,
      statusCode: error.statusCode,
      error: error.message,
    })

  const requestSettings = (signal: AbortSignal | undefined) => ({
    maxRetries: config.maxRetries,
    maxOutputTokens: config.maxOutputTokens,
    ...(signal ? { abortSignal: signal } : {}),
  })

  function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
    const parsed = schema.safeParse(input)
    if (parsed.success) return parsed.data
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
    throw new AiProviderError(`Invalid AI request: ${problems.join('; ')}`, {
      code: 'bad_request',
      retryable: false,
      provider,
    })
  }

  /** A plain-text call that must come back as JSON matching `schema`, asked again once if not. */
  async function structured<T>(
    models: string[],
    instructions: string,
    messages: ModelMessage[],
    schema: z.ZodType<T>,
    signal: AbortSignal | undefined,
  ) {
    const started = performance.now()
    let usage: TokenUsage = noUsage
    const { value, model } = await withFallback(
      models,
      async (model) => {
        const ask = async (conversation: ModelMessage[]) => {
          const result = await generateText({
            model: openai.chat(model),
            instructions,
            messages: conversation,
            ...requestSettings(signal),
            timeout: config.timeoutMs,
          })
          usage = addUsage(usage, toTokenUsage(result.usage))
          return result.text
        }
        const firstReply = await ask(messages)
        const first = parseJsonReply(firstReply, schema)
        if (first.ok) return first.value
        const secondReply = await ask([
          ...messages,
          { role: 'assistant', content: firstReply },
          { role: 'user', content: repairPrompt(first.problem) },
        ])
        const second = parseJsonReply(secondReply, schema)
        if (second.ok) return second.value
        throw new AiProviderError(`Model "${model}" twice answered without the requested JSON: ${second.problem}.`, {
          code: 'invalid_output',
          retryable: false,
          provider,
          model,
        })
      },
      toError,
      onFallback,
    )
    return { value, meta: { provider, model, latencyMs: elapsedMs(started), usage } }
  }

  async function* streamAnswer(input: AnswerInput, options: CallOptions = {}): AsyncGenerator<AnswerStreamEvent> {
    const { question, context, history } = parseInput(answerInputSchema, input)
    const started = performance.now()
    let usage: TokenUsage = noUsage
    let finishReason: string | undefined
    let firstError: AiProviderError | undefined
    for (const [index, model] of textModels.entries()) {
      const watchdog = new StreamWatchdog(config.timeoutMs, options.signal)
      let text = ''
      try {
        const result = streamText({
          model: openai.chat(model),
          instructions: interviewInstructions(context),
          messages: conversation(history, question),
          ...requestSettings(watchdog.signal),
          // Errors arrive as stream parts and are thrown below; the default handler would log them.
          onError: () => undefined,
        })
        for await (const part of result.stream) {
          watchdog.progress()
          if (part.type === 'text-delta' && part.text !== '') {
            text += part.text
            yield { type: 'delta', text: part.text }
          } else if (part.type === 'error') throw part.error
          else if (part.type === 'abort') throw watchdog.abortReason()
          else if (part.type === 'finish') {
            usage = addUsage(usage, toTokenUsage(part.totalUsage))
            finishReason = part.finishReason
          }
        }
        if (text.trim() === '') throw emptyAnswer(model)
        yield {
          type: 'done',
          result: {
            text,
            provider,
            model,
            latencyMs: elapsedMs(started),
            usage,
            source: 'model',
            gist: gistOf(text),
            ...(finishReason === undefined ? {} : { finishReason }),
          },
        }
        return
      } catch (caught) {
        const error = toError(watchdog.signal.aborted ? watchdog.abortReason() : caught, model)
        // Text already shown to the candidate cannot be taken back, so no fallback after a delta.
        if (firstError) throw bothFailed(firstError, error)
        if (text !== '' || index === textModels.length - 1 || !worthFallingBack(error)) throw error
        firstError = error
        onFallback(error, textModels[index + 1] ?? '')
      } finally {
        watchdog.stop()
      }
    }
  }

  /** The real format of the image, from its magic bytes, whatever the caller declared. */
  function imageInfo(image: Uint8Array) {
    try {
      return readImageInfo(image)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw new AiProviderError(message, { code: 'bad_request', retryable: false, provider })
    }
  }

  function emptyAnswer(model: string) {
    return new AiProviderError(`Model "${model}" returned an empty answer.`, {
      code: 'invalid_output',
      retryable: false,
      provider,
      model,
    })
  }

  return {
    provider,

    async answer(input, options = {}) {
      const { question, context, history } = parseInput(answerInputSchema, input)
      const started = performance.now()
      let usage: TokenUsage = noUsage
      let finishReason: string | undefined
      const { value: text, model } = await withFallback(
        textModels,
        async (model) => {
          const result = await generateText({
            model: openai.chat(model),
            instructions: interviewInstructions(context),
            messages: conversation(history, question),
            ...requestSettings(options.signal),
            timeout: config.timeoutMs,
          })
          usage = addUsage(usage, toTokenUsage(result.usage))
          finishReason = result.finishReason
          if (result.text.trim() === '') throw emptyAnswer(model)
          return result.text.trim()
        },
        toError,
        onFallback,
      )
      return {
        text,
        provider,
        model,
        latencyMs: elapsedMs(started),
        usage,
        source: 'model',
        gist: gistOf(text),
        ...(finishReason === undefined ? {} : { finishReason }),
      }
    },

    streamAnswer,

    async analyzeScreenshot(input, options = {}) {
      const { image, context } = parseInput(screenshotInputSchema, input)
      const { mimeType } = imageInfo(image)
      const messages: ModelMessage[] = [
        {
          role: 'user',
          content: [
            { type: 'text', text: screenshotPrompt() },
            { type: 'file', data: { type: 'data', data: image }, mediaType: mimeType },
          ],
        },
      ]
      const { value, meta } = await structured(
        visionModels,
        interviewInstructions(context),
        messages,
        screenshotReplySchema,
        options.signal,
      )
      return { ...value, ...meta }
    },

    async transcribe(input, options = {}) {
      const { audio } = parseInput(transcribeInputSchema, input)
      const model = config.transcriptionModel
      if (!model) {
        throw new AiProviderError(
          'Transcription is not configured for the AI provider: set AI_TRANSCRIPTION_MODEL (e.g. whisper-1) or use the offline speech recognizer.',
          { code: 'not_configured', retryable: false, provider },
        )
      }
      const started = performance.now()
      const timeout = AbortSignal.timeout(config.timeoutMs)
      try {
        const result = await transcribe({
          model: openai.transcription(model),
          audio,
          maxRetries: config.maxRetries,
          abortSignal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
        })
        // The SDK's type omits the raw body it keeps at run time; the confidence is read from it when present.
        const response = result.responses[0]
        const confidence = response && 'body' in response ? transcriptionConfidence(response.body) : undefined
        return {
          text: result.text.trim(),
          ...(confidence === undefined ? {} : { confidence }),
          provider,
          model,
          latencyMs: elapsedMs(started),
        }
      } catch (error) {
        throw toError(error, model)
      }
    },

    async generateQuestions(input, options = {}) {
      const { topic, difficulty, count, context } = parseInput(generateQuestionsInputSchema, input)
      const { value, meta } = await structured(
        textModels,
        interviewInstructions(context),
        [{ role: 'user', content: generateQuestionsPrompt(topic, difficulty, count) }],
        questionsReplySchema(difficulty, count),
        options.signal,
      )
      return { questions: value, ...meta }
    },

    async improveCommunication(input, options = {}) {
      const { response, context } = parseInput(improveCommunicationInputSchema, input)
      const { value, meta } = await structured(
        textModels,
        interviewInstructions(context),
        [{ role: 'user', content: improveCommunicationPrompt(response) }],
        communicationReplySchema,
        options.signal,
      )
      return { ...value, ...meta }
    },

    async analyzeQuestion(input, options = {}) {
      const { question, context } = parseInput(answerInputSchema, input)
      const { value, meta } = await structured(
        textModels,
        interviewInstructions(context),
        [{ role: 'user', content: analyzeQuestionPrompt(question) }],
        questionAnalysisReplySchema,
        options.signal,
      )
      return { ...value, ...meta }
    },
  }
}

function elapsedMs(started: number): number {
  return Math.round(performance.now() - started)
}
