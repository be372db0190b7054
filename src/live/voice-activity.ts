import { encodeWav } from '#src/interview/wav-encoder.ts'
import { liveAudioPath } from './live-audio-assets.ts'

/** The VAD hands over each utterance at this rate, whatever the capture's. */
const vadSampleRate = 16_000

export type VoiceActivity = { start: () => Promise<void>; pause: () => Promise<void>; destroy: () => Promise<void> }

type Listeners = {
  onSpeaking: (speaking: boolean) => void
  /** One finished utterance as a 16 kHz mono WAV, and when its speech ended. */
  onUtterance: (wav: Blob, endedAt: number) => void
}

/**
 * Cuts the stream's speech into utterances with the Silero voice-activity model (in the page,
 * on the ONNX runtime's WebAssembly). The stream belongs to the caller: pausing or destroying
 * the detector leaves its tracks alone.
 */
export async function detectUtterances(stream: MediaStream, listeners: Listeners): Promise<VoiceActivity> {
  // The runtime is a few hundred kilobytes: loaded when listening starts, not with the page.
  const { MicVAD } = await import('@ricky0123/vad-web')
  return MicVAD.new({
    model: 'v5',
    baseAssetPath: liveAudioPath,
    onnxWASMBasePath: liveAudioPath,
    getStream: () => Promise.resolve(stream),
    pauseStream: () => Promise.resolve(),
    resumeStream: () => Promise.resolve(stream),
    startOnLoad: false,
    // An interviewer's pause for breath is not the end of the question; a longer one is.
    redemptionMs: 700,
    minSpeechMs: 300,
    ortConfig: (ort) => {
      ort.env.logLevel = 'error'
      // Threads need a cross-origin-isolated page; one thread is plenty for a 32 ms frame.
      ort.env.wasm.numThreads = 1
    },
    onSpeechStart: () => listeners.onSpeaking(true),
    onVADMisfire: () => listeners.onSpeaking(false),
    onSpeechEnd: (samples) => {
      listeners.onSpeaking(false)
      listeners.onUtterance(new Blob([encodeWav(samples, vadSampleRate)], { type: 'audio/wav' }), performance.now())
    },
  })
}
