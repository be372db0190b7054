/**
 * The AI engine the configuration asks for: the OpenAI-compatible provider when AI_BASE_URL and
 * AI_MODEL are set, the offline engine otherwise. Without AI_TRANSCRIPTION_MODEL the provider
 * engine transcribes with the local recognizer (PocketSphinx) instead of refusing; screenshots
 * always go to the provider's vision model, whose reading beats local OCR. The AI SDK is loaded
 * only when a provider is configured, the offline engine on its first call (decision 0070).
 */
import type { AppConfig } from '#app.config.ts'
import type { Logger } from '#server/logger.ts'
import type { ClosableAiEngine } from '#server/ai/offline/offline-engine.ts'
import type { LocalTranscriber, LocalTranscriberOptions } from '#server/ai/offline/speech/local-transcriber.ts'
import { parseInput } from '#server/ai/offline/offline-errors.ts'
import { OFFLINE_PROVIDER } from '#server/ai/offline/offline-provider.ts'
import { transcribeInputSchema } from './ai-schemas.ts'
import { lazyEngine } from './lazy-engine.ts'

export type { ClosableAiEngine }

export type AiEngineHooks = {
  logger?: Pick<Logger, 'warn'>
  /** Local speech recognition settings (tests point these at a missing installation). */
  speech?: Omit<LocalTranscriberOptions, 'provider' | 'timeoutMs' | 'logger' | 'search'>
}

export async function createAiEngine(settings: AppConfig['ai'], hooks: AiEngineHooks = {}): Promise<ClosableAiEngine> {
  if (settings.mode === 'offline') {
    const options = { timeoutMs: settings.timeoutMs, logger: hooks.logger, speech: hooks.speech }
    return lazyEngine(OFFLINE_PROVIDER, async () =>
      (await import('#server/ai/offline/offline-engine.ts')).createOfflineEngine(options),
    )
  }
  const { createOpenAiCompatibleEngine } = await import('./providers/openai-compatible.ts')
  const engine = createOpenAiCompatibleEngine(
    {
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      model: settings.model,
      fallbackModel: settings.fallbackModel,
      visionModel: settings.visionModel,
      transcriptionModel: settings.transcriptionModel,
      timeoutMs: settings.timeoutMs,
    },
    { logger: hooks.logger },
  )
  const close = () => Promise.resolve()
  if (settings.transcriptionModel) return { ...engine, close }
  // The local recognizer (and the knowledge base its interview model is built from) loads with the first recording.
  let local: Promise<LocalTranscriber> | undefined
  const loadLocal = async () =>
    (await import('#server/ai/offline/speech/local-transcriber.ts')).createLocalTranscriber({
      ...hooks.speech,
      provider: OFFLINE_PROVIDER,
      timeoutMs: settings.timeoutMs,
      logger: hooks.logger,
    })
  return {
    ...engine,
    async transcribe(input, options = {}) {
      const { audio } = parseInput(transcribeInputSchema, input)
      local ??= loadLocal()
      return (await local).transcribe(audio, options.signal, options.caller)
    },
    async listen({ caller }) {
      local ??= loadLocal()
      return (await local).listen(caller)
    },
    async close() {
      if (local) await (await local).close()
    },
  }
}
