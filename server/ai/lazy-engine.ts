import type { AiEngine } from './ai-engine.ts'
import { bufferedListening } from './buffered-listening.ts'

type ClosableEngine = AiEngine & { close(): Promise<void> }

/**
 * An engine that loads the real one on its first call, so that a server that never needs it (or
 * not yet) holds none of its code or data: the offline engine's knowledge base is megabytes of
 * text and objects (decision 0070). Every call waits for the same load; `close` closes the engine
 * only if it was loaded.
 */
export function lazyEngine(provider: string, load: () => Promise<ClosableEngine>): ClosableEngine {
  let loaded: Promise<ClosableEngine> | undefined
  const engine = () => (loaded ??= load())
  return {
    provider,
    answer: async (input, options) => (await engine()).answer(input, options),
    async *streamAnswer(input, options) {
      yield* (await engine()).streamAnswer(input, options)
    },
    analyzeScreenshot: async (input, options) => (await engine()).analyzeScreenshot(input, options),
    transcribe: async (input, options) => (await engine()).transcribe(input, options),
    listen: async (options) => {
      const loaded = await engine()
      return loaded.listen ? loaded.listen(options) : bufferedListening(loaded, options)
    },
    generateQuestions: async (input, options) => (await engine()).generateQuestions(input, options),
    improveCommunication: async (input, options) => (await engine()).improveCommunication(input, options),
    analyzeQuestion: async (input, options) => (await engine()).analyzeQuestion(input, options),
    close: async () => {
      if (loaded) await (await loaded).close()
    },
  }
}
