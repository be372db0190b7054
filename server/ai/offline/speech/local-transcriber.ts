/**
 * Speech-to-text on this machine with PocketSphinx. Interview questions are decoded with the
 * interview language model (built from the knowledge base, see interview-model/), which hears
 * "hash map" where the generic model hears "cash grab". Its words are kept whatever they are
 * (decision 0135): on the speech benches they are more accurate than the generic model's decode of
 * the same clip. When they do not read like an interview question (the knowledge base finds no
 * confident match, and they are not one of the short follow-up forms such as "why is that"), they
 * are most likely misheard, so their confidence is kept below the confirmation threshold: the
 * candidate confirms or corrects them before an answer. The generic US English model decodes the
 * audio only when the interview model heard no words at all, or is not available.
 * An utterance can be heard while it is spoken (`listen`, decision 0121): it is decoded with the
 * interview model as its samples come, and with the generic model at its end only in that case.
 */
import type { Logger } from '#server/logger.ts'
import { AiProviderError } from '#server/ai/ai-errors.ts'
import type { TranscriptionResult } from '#server/ai/ai-schemas.ts'
import { LISTENING_SAMPLE_RATE, type ListeningStream } from '#server/ai/ai-engine.ts'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { findAnswers, type RetrievalResult } from '#server/ai/offline/search/retrieve.ts'
import { RecognizerUnavailableError, UnsupportedMediaError } from '#server/ai/recognizer-errors.ts'
import { createPocketSphinxRecognizer, type PocketSphinxRecognizer } from './pocketsphinx.ts'
import { wavOfPcm16 } from './wav.ts'
import { abortable, toOfflineError, throwIfAborted } from '#server/ai/offline/offline-errors.ts'
import { isFollowUpForm } from '#server/ai/offline/speech/interview-model/follow-up-forms.ts'
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
  /**
   * How a transcript's words are searched for in the knowledge base when it is judged; default
   * `findAnswers`. The offline engine keeps the result for the answer to the same words.
   */
  search?: (text: string) => RetrievalResult
}

type Decoded = Pick<TranscriptionResult, 'text' | 'confidence'>

export type LocalTranscriber = {
  isAvailable(): Promise<boolean>
  transcribe(audio: Uint8Array, signal?: AbortSignal, caller?: string): Promise<TranscriptionResult>
  /** Opens an utterance heard while it is spoken (bounded per person, see pocketsphinx.ts). */
  listen(caller: string): Promise<ListeningStream>
  /** Stops the long-lived decoders of both models. */
  close(): Promise<void>
}

/**
 * A question the knowledge base answers confidently, or a short follow-up form of two words or
 * more ("why is that", "how so"), which answers nothing on its own but is interview language; a
 * single word ("why") is what noise is most often decoded into.
 */
function readsAsInterviewQuestion(text: string, search: (text: string) => RetrievalResult): boolean {
  const words = text.toLowerCase().split(/\s+/)
  return (words.length >= 2 && isFollowUpForm(words)) || search(text).confidence >= CONFIDENCE_THRESHOLD
}

/** Below the confirmation threshold (0.45, transcript-confirmation.ts): the candidate confirms first. */
const UNSURE_QUESTION_CONFIDENCE = 0.4

/**
 * The interview model's words as heard, their confidence kept below the confirmation threshold
 * when they do not read like an interview question.
 */
function judged({ text, confidence }: Decoded, search: (text: string) => RetrievalResult): Decoded {
  if (confidence === undefined || readsAsInterviewQuestion(text, search)) return { text, confidence }
  return { text, confidence: Math.min(confidence, UNSURE_QUESTION_CONFIDENCE) }
}

export function createLocalTranscriber(options: LocalTranscriberOptions): LocalTranscriber {
  const { provider } = options
  const search = options.search ?? ((text: string) => findAnswers(text))
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
      throw converted(error, model)
    }
  }

  function converted(error: unknown, model: string): Error {
    if (error instanceof RecognizerUnavailableError) return notConfigured()
    if (error instanceof UnsupportedMediaError) {
      const unsupported = new AiProviderError(
        `${error.message} To transcribe other formats, set AI_BASE_URL with AI_TRANSCRIPTION_MODEL.`,
        { code: 'bad_request', retryable: false, provider, model },
      )
      unsupported.cause = error
      return unsupported
    }
    return toOfflineError(error, provider, model)
  }

  /**
   * The interview model's words, judged; the generic model's, decoded from the whole clip, only
   * when the interview model heard nothing.
   */
  async function chosen(
    first: Promise<Decoded>,
    fromInterviewModel: boolean,
    wav: () => Uint8Array,
    signal: AbortSignal | undefined,
    caller: string | undefined,
    started: number,
  ): Promise<TranscriptionResult> {
    const result = ({ text, confidence }: Decoded, model: string): TranscriptionResult => ({
      text,
      ...(confidence === undefined ? {} : { confidence }),
      provider,
      model,
      latencyMs: Math.round(performance.now() - started),
    })
    if (!fromInterviewModel) return result(await abortable(first, signal, provider), GENERIC_SPEECH_MODEL)
    const heard = await abortable(first, signal, provider)
    if (heard.text !== '') return result(judged(heard, search), INTERVIEW_SPEECH_MODEL)
    return result(
      await abortable(decode(generic, wav(), GENERIC_SPEECH_MODEL, caller), signal, provider),
      GENERIC_SPEECH_MODEL,
    )
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
      const specialised = await interviewRecognizer()
      const started = performance.now()
      const first = specialised
        ? decode(specialised, audio, INTERVIEW_SPEECH_MODEL, caller)
        : decode(generic, audio, GENERIC_SPEECH_MODEL, caller)
      return chosen(first, specialised !== null, () => audio, signal, caller, started)
    },

    async listen(caller) {
      if (!(await generic.isAvailable())) throw notConfigured()
      const specialised = await interviewRecognizer()
      const model = specialised ? INTERVIEW_SPEECH_MODEL : GENERIC_SPEECH_MODEL
      const stream = await (specialised ?? generic).listen(caller).catch((error: unknown) => {
        throw converted(error, model)
      })
      // Kept for the generic model's decode at the end, should the interview model hear no words.
      const blocks: Uint8Array[] = []
      return {
        feed(samples) {
          try {
            stream.feed(samples)
          } catch (error) {
            blocks.length = 0
            throw converted(error, model)
          }
          if (specialised) blocks.push(samples)
        },
        async end(signal) {
          const started = performance.now()
          const first = stream.end().then(
            ({ text, confidence }) => ({ text, confidence }),
            (error: unknown) => {
              throw converted(error, model)
            },
          )
          try {
            const wav = () => wavOfPcm16(Buffer.concat(blocks), LISTENING_SAMPLE_RATE)
            return await chosen(first, specialised !== null, wav, signal, caller, started)
          } finally {
            blocks.length = 0
          }
        },
        cancel() {
          blocks.length = 0
          stream.cancel()
        },
      }
    },
  }
}
