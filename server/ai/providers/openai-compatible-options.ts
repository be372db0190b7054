import { z } from 'zod'

/**
 * How to reach an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio…). The lead maps
 * AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_FALLBACK_MODEL, AI_VISION_MODEL and
 * AI_TRANSCRIPTION_MODEL onto it in app.config.ts.
 */
export const openAiCompatibleOptionsSchema = z.object({
  /** The API root including its path, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  /** Empty for local servers that need no key. */
  apiKey: z.string(),
  model: z.string().trim().min(1),
  /** Tried when `model` fails with a retryable error (5xx, timeout, 429 after retries), 404 or unusable output. */
  fallbackModel: z.string().trim().min(1).optional(),
  /** For screenshots; defaults to `model`, which must then accept images. */
  visionModel: z.string().trim().min(1).optional(),
  /** For audio; without it `transcribe` rejects with code 'not_configured'. */
  transcriptionModel: z.string().trim().min(1).optional(),
  /**
   * Per model call: the longest wait for a complete answer, or when streaming for the first and
   * each next delta (a streamed answer may take up to four times as long in all).
   */
  timeoutMs: z.number().int().positive().default(30_000),
  /** HTTP retries per model call on 408/409/429/5xx and network errors, before the fallback model. */
  maxRetries: z.number().int().min(0).max(5).default(2),
  /** The `provider` reported in results and errors. */
  providerName: z.string().trim().min(1).default('openai-compatible'),
  maxOutputTokens: z.number().int().positive().default(1_500),
})
export type OpenAiCompatibleOptions = z.input<typeof openAiCompatibleOptionsSchema>
