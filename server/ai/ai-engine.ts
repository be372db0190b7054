/**
 * What the interview service asks of an AI engine. Implemented by the OpenAI-compatible provider
 * (`providers/openai-compatible.ts`) and, through an adapter, by the offline engine.
 *
 * Every method validates its input with the schemas of `ai-schemas.ts` (defaults applied) and
 * rejects with an `AiProviderError` (see `ai-errors.ts`) when the engine cannot answer.
 */
import type {
  AnalyzeQuestionInput,
  AnswerInput,
  AnswerResult,
  AnswerStreamEvent,
  CommunicationFeedback,
  GenerateQuestionsInput,
  GeneratedQuestions,
  ImproveCommunicationInput,
  QuestionAnalysis,
  ScreenshotAnalysis,
  ScreenshotInput,
  TranscribeInput,
  TranscriptionResult,
} from './ai-schemas.ts'

export type * from './ai-schemas.ts'

export type CallOptions = {
  /** Aborts the call, e.g. when the desktop client disconnects. */
  signal?: AbortSignal
  /** Whom the call is for: the offline recognizer shares its decoders fairly between people. */
  caller?: string
}

/** An utterance heard while it is spoken (decision 0121): 16 kHz mono 16-bit little-endian samples fed as they come. */
export type ListeningStream = {
  /** More samples, in order, an even number of bytes; throws when the utterance cannot take them. */
  feed(samples: Uint8Array): void
  /** No more samples: the transcript, as `transcribe` gives it for the same samples as a WAV file. */
  end(signal?: AbortSignal): Promise<TranscriptionResult>
  /** Drops it and its samples. */
  cancel(): void
}

/** The rate `listen` takes its samples at: the offline speech models' own. */
export const LISTENING_SAMPLE_RATE = 16_000

export type AiEngine = {
  /** A short name for logs and results, e.g. 'openai-compatible' or 'offline'. */
  readonly provider: string
  answer(input: AnswerInput, options?: CallOptions): Promise<AnswerResult>
  /**
   * The same answer as `answer`, as text deltas followed by exactly one `done` event carrying the
   * full result. Iteration throws an `AiProviderError` when the answer cannot be completed.
   */
  streamAnswer(input: AnswerInput, options?: CallOptions): AsyncIterable<AnswerStreamEvent>
  analyzeScreenshot(input: ScreenshotInput, options?: CallOptions): Promise<ScreenshotAnalysis>
  transcribe(input: TranscribeInput, options?: CallOptions): Promise<TranscriptionResult>
  /**
   * Opens an utterance transcribed while it is spoken, for `caller` (bounded per person); an
   * engine without it is handed the whole clip at the end (`transcribe`).
   */
  listen?(options: { caller: string }): Promise<ListeningStream>
  generateQuestions(input: GenerateQuestionsInput, options?: CallOptions): Promise<GeneratedQuestions>
  improveCommunication(input: ImproveCommunicationInput, options?: CallOptions): Promise<CommunicationFeedback>
  analyzeQuestion(input: AnalyzeQuestionInput, options?: CallOptions): Promise<QuestionAnalysis>
}
