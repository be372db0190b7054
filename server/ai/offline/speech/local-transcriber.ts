/**
 * Speech-to-text on this machine with PocketSphinx. Interview questions are decoded first with the
 * interview language model (built from the knowledge base, see interview-model/), which hears
 * "hash map" where the generic model hears "cash grab". When that transcript does not read like
 * an interview question (the knowledge base finds no confident match), the audio is decoded again
 * with the generic US English model, which is better at everyday speech.
 */
import type { Logger } from '#server/logger.ts'
import { AiProviderError } from '#server/ai/ai-errors.ts'
import type { TranscriptionResult } from '#server/ai/ai-schemas.ts'
import { CONFIDENCE_THRESHOLD, findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { RecognizerUnavailableError, UnsupportedMediaError } from '#server/ai/recognizer-errors.ts'
import { createPocketSphinxRecognizer, type PocketSphinxRecognizer } from './pocketsphinx.ts'
import { abortable, toOfflineError, throwIfAborted } from '#server/ai/offline/offline-errors.ts'
import { installedModelDirs, prepareInterviewModel } from '#server/ai/offline/speech/interview-model/interview-model.ts'

export const INTERVIEW_SPEECH_MODEL = 'pocketsphinx-en-us+interview-lm'
export const GENERIC_SPEECH_MODEL = 'pocketsphinx-en-us'

export const speechNotConfiguredMessage =
  'Speech recognition needs AI_BASE_URL with AI_TRANSCRIPTION_MODEL, or the python3-pocketsphinx and pocketsphinx-en-us packages installed.'

export type LocalTranscriberOptions = {
  /** The `provider` reported in results and errors. */
  provider: string
  timeoutMs?: number
  /** `interview` (default) tries the interview language model first; `generic` never does. */
  languageModel?: 'interview' | 'generic'
  /** Decoder program (see pocketsphinx.ts); default Debian's `python3` with the PocketSphinx binding, found on `searchPath`. */
  binary?: string
  /** Where to look for `python3`; default the process PATH. */
  searchPath?: string
  /** The installed model folder (with `en-us/`, `en-us.lm.bin`, `cmudict-en-us.dict`); default Debian's. */
  modelDir?: string
  /** Where the interview model is cached; default the OS temporary folder. */
  cacheDir?: string
  logger?: Pick<Logger, 'warn'>
}

type Decoded = Pick<TranscriptionResult, 'text' | 'confidence'>

export type LocalTranscriber = {
  isAvailable(): Promise<boolean>
  transcribe(audio: Uint8Array, signal?: AbortSignal, caller?: string): Promise<TranscriptionResult>
  /** Stops the long-lived decoders of both models. */
  close(): Promise<void>
}

export function createLocalTranscriber(options: LocalTranscriberOptions): LocalTranscriber {
  const { provider } = options
  const common = {
    timeoutMs: options.timeoutMs,
    ...(options.binary ? { binary: options.binary } : {}),
    ...(options.searchPath !== undefined ? { searchPath: options.searchPath } : {}),
  }
  const generic = createPocketSphinxRecognizer({
    ...common,
    ...(options.modelDir ? { modelDir: options.modelDir } : {}),
  })
  let interview: Promise<PocketSphinxRecognizer | null> | undefined

  function interviewRecognizer(): Promise<PocketSphinxRecognizer | null> {
    if (options.languageModel === 'generic') return Promise.resolve(null)
    interview ??= prepareInterviewModel({
      modelDirs: options.modelDir ? [options.modelDir] : installedModelDirs,
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    }).then(
      (folder) => (folder ? createPocketSphinxRecognizer({ ...common, modelDir: folder }) : null),
      (error: unknown) => {
        options.logger?.warn('The interview speech model could not be built; using the generic model', {
          error: error instanceof Error ? error.message : String(error),
        })
        return null
      },
    )
    return interview
  }

  async function decode(
    recognizer: PocketSphinxRecognizer,
    audio: Uint8Array,
    model: string,
    caller: string | undefined,
  ): Promise<Decoded> {
    try {
      const { text, confidence } = await recognizer.transcribe(audio, caller)
      return { text, confidence }
    } catch (error) {
      if (error instanceof RecognizerUnavailableError) throw notConfigured()
      if (error instanceof UnsupportedMediaError) {
        const unsupported = new AiProviderError(
          `${error.message} To transcribe other formats, set AI_BASE_URL with AI_TRANSCRIPTION_MODEL.`,
          {
            code: 'bad_request',
            retryable: false,
            provider,
            model,
          },
        )
        unsupported.cause = error
        throw unsupported
      }
      throw toOfflineError(error, provider, model)
    }
  }

  function notConfigured() {
    return new AiProviderError(speechNotConfiguredMessage, { code: 'not_configured', retryable: false, provider })
  }

  return {
    isAvailable: () => generic.isAvailable(),

    async close() {
      const specialised = interview ? await interview : null
      await Promise.all([generic.close(), specialised?.close()])
    },

    async transcribe(audio, signal, caller) {
      throwIfAborted(signal, provider)
      if (!(await generic.isAvailable())) throw notConfigured()
      const started = performance.now()
      const result = ({ text, confidence }: Decoded, model: string): TranscriptionResult => ({
        text,
        ...(confidence === undefined ? {} : { confidence }),
        provider,
        model,
        latencyMs: Math.round(performance.now() - started),
      })
      const specialised = await interviewRecognizer()
      if (specialised) {
        const heard = await abortable(decode(specialised, audio, INTERVIEW_SPEECH_MODEL, caller), signal, provider)
        if (heard.text !== '' && findAnswers(heard.text).confidence >= CONFIDENCE_THRESHOLD)
          return result(heard, INTERVIEW_SPEECH_MODEL)
        const everyday = await abortable(decode(generic, audio, GENERIC_SPEECH_MODEL, caller), signal, provider)
        return everyday.text !== '' || heard.text === ''
          ? result(everyday, GENERIC_SPEECH_MODEL)
          : result(heard, INTERVIEW_SPEECH_MODEL)
      }
      return result(
        await abortable(decode(generic, audio, GENERIC_SPEECH_MODEL, caller), signal, provider),
        GENERIC_SPEECH_MODEL,
      )
    },
  }
}
