/**
 * An utterance heard by an engine that cannot transcribe while it is spoken (a provider's
 * transcription model): its samples are kept in memory until its end, then transcribed as one WAV
 * clip. They are let go at the end or on cancel.
 */
import { LISTENING_SAMPLE_RATE, type AiEngine, type ListeningStream } from './ai-engine.ts'
import { wavOfPcm16 } from './offline/speech/wav.ts'

export function bufferedListening(engine: Pick<AiEngine, 'transcribe'>, options: { caller: string }): ListeningStream {
  const blocks: Uint8Array[] = []
  let open = true
  return {
    feed(samples) {
      if (!open) throw new Error('The utterance has already ended.')
      blocks.push(samples)
    },
    async end(signal) {
      if (!open) throw new Error('The utterance has already ended.')
      open = false
      const audio = wavOfPcm16(Buffer.concat(blocks), LISTENING_SAMPLE_RATE)
      blocks.length = 0
      return engine.transcribe(
        { audio, mimeType: 'audio/wav' },
        { caller: options.caller, ...(signal ? { signal } : {}) },
      )
    },
    cancel() {
      open = false
      blocks.length = 0
    },
  }
}
