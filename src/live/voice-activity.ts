import { liveAudioPath } from './live-audio-assets.ts'

export type VoiceActivity = { start: () => Promise<void>; pause: () => Promise<void>; destroy: () => Promise<void> }

/** Where the detector's utterances go, as they are spoken (decision 0121). */
export type UtteranceSink = {
  /** Speech began: the utterance's audio follows, from the pad before its first sound. */
  start: () => void
  /** More of it: 16 kHz mono samples, in order. */
  audio: (samples: Float32Array) => void
  /** The speech has ended: the utterance is whole. */
  end: () => void
  /** Not an utterance after all (a sound too short to be speech, or listening stopped mid-way). */
  cancel: () => void
}

type Listeners = { onSpeaking: (speaking: boolean) => void; utterance: UtteranceSink }

/** Milliseconds of sound before the first speech frame that belong to the utterance (the detector's own pad). */
const preSpeechPadMs = 800
/** The detector's frame: 512 samples at 16 kHz for the v5 model. */
const frameMs = 32

/**
 * Cuts the stream's speech into utterances with the Silero voice-activity model (in the page,
 * on the ONNX runtime's WebAssembly), and hands each one over while it is spoken: its pad and
 * every frame after it, exactly the samples the detector would hand over whole at its end. The
 * stream belongs to the caller: pausing or destroying the detector leaves its tracks alone.
 */
export async function detectUtterances(stream: MediaStream, listeners: Listeners): Promise<VoiceActivity> {
  // The runtime is a few hundred kilobytes: loaded when listening starts, not with the page.
  const { MicVAD } = await import('@ricky0123/vad-web')
  const { utterance } = listeners
  const padFrames = Math.floor(preSpeechPadMs / frameMs)
  // The frames before speech, as many as the detector keeps for its pad; then none while speaking.
  let recent: Float32Array[] = []
  let speaking = false
  const stopSpeaking = () => {
    speaking = false
    recent = []
    listeners.onSpeaking(false)
  }
  const vad = await MicVAD.new({
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
    preSpeechPadMs,
    ortConfig: (ort) => {
      ort.env.logLevel = 'error'
      // Threads need a cross-origin-isolated page; one thread is plenty for a 32 ms frame.
      ort.env.wasm.numThreads = 1
    },
    // Called for each frame before the detector decides whether speech starts or ends with it.
    onFrameProcessed: (_, frame) => {
      if (speaking) {
        utterance.audio(frame)
        return
      }
      recent.push(frame)
      if (recent.length > padFrames + 1) recent.shift()
    },
    onSpeechStart: () => {
      speaking = true
      listeners.onSpeaking(true)
      utterance.start()
      for (const frame of recent) utterance.audio(frame)
      recent = []
    },
    onVADMisfire: () => {
      stopSpeaking()
      utterance.cancel()
    },
    onSpeechEnd: () => {
      stopSpeaking()
      utterance.end()
    },
  })
  // Stopped mid-utterance, the detector drops what it heard: so does the server.
  const dropped = <T>(action: () => Promise<T>) => {
    if (speaking) {
      stopSpeaking()
      utterance.cancel()
    }
    return action()
  }
  return {
    start: () => vad.start(),
    pause: () => dropped(() => vad.pause()),
    destroy: () => dropped(() => vad.destroy()),
  }
}
