import { concatSamples, encodeWav } from './wav-encoder.ts'

export type WavRecording = {
  /** Stops and returns the recording as a 16-bit mono WAV file. */
  stop: () => Promise<Blob>
  /** Stops and throws the recording away. */
  cancel: () => void
}

// Mixes the input down to mono in the audio thread, so only one channel crosses to the page.
const captureProcessor = `
class PcmCapture extends AudioWorkletProcessor {
  process(inputs) {
    const channels = inputs[0]
    if (channels && channels.length > 0) {
      const mono = new Float32Array(channels[0].length)
      for (const channel of channels) for (let i = 0; i < channel.length; i += 1) mono[i] += channel[i] / channels.length
      this.port.postMessage(mono, [mono.buffer])
    }
    return true
  }
}
registerProcessor('pcm-capture', PcmCapture)
`

export function canRecordAudio(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    // Outside secure contexts browsers have no mediaDevices, whatever the DOM types say.
    typeof (navigator as { mediaDevices?: MediaDevices }).mediaDevices?.getUserMedia === 'function' &&
    typeof AudioContext !== 'undefined'
  )
}

/**
 * Records the microphone as raw samples (getUserMedia + an AudioWorklet, or a ScriptProcessor in
 * browsers without worklets) and encodes WAV at the end: MediaRecorder only makes compressed
 * formats, which the offline transcriber cannot read.
 */
export async function startWavRecording(): Promise<WavRecording> {
  // The browser's voice processing is for calls; a transcriber hears words better in the raw signal.
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  })
  const context = new AudioContext()
  const chunks: Float32Array[] = []
  try {
    const source = context.createMediaStreamSource(stream)
    // Nodes are only run when they lead to the speakers; a silent gain keeps the microphone off them.
    const silence = context.createGain()
    silence.gain.value = 0
    silence.connect(context.destination)
    await connectCapture(context, source, silence, (samples) => chunks.push(samples))
    await context.resume()
  } catch (error) {
    release(stream, context)
    throw error
  }
  let finished = false
  return {
    // A failed encoding rejects the promise rather than throwing.
    stop: () =>
      new Promise<Blob>((resolve) => {
        if (!finished) {
          finished = true
          release(stream, context)
        }
        resolve(new Blob([encodeWav(concatSamples(chunks), context.sampleRate)], { type: 'audio/wav' }))
      }),
    cancel: () => {
      if (finished) return
      finished = true
      chunks.length = 0
      release(stream, context)
    },
  }
}

async function connectCapture(
  context: AudioContext,
  source: MediaStreamAudioSourceNode,
  sink: AudioNode,
  onSamples: (samples: Float32Array) => void,
) {
  // Older browsers, and any outside secure contexts, have no audio worklets, whatever the DOM types say.
  const { audioWorklet } = context as { audioWorklet?: AudioWorklet }
  if (audioWorklet && typeof AudioWorkletNode !== 'undefined') {
    const url = URL.createObjectURL(new Blob([captureProcessor], { type: 'text/javascript' }))
    try {
      await audioWorklet.addModule(url)
    } finally {
      URL.revokeObjectURL(url)
    }
    const node = new AudioWorkletNode(context, 'pcm-capture')
    node.port.onmessage = (event: MessageEvent<Float32Array>) => onSamples(event.data)
    source.connect(node).connect(sink)
    return
  }
  // The deprecated ScriptProcessor is the only capture those browsers offer.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the fallback for browsers without audio worklets
  const processor = context.createScriptProcessor(4096, 1, 1)
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the fallback for browsers without audio worklets
  processor.onaudioprocess = (event) => onSamples(new Float32Array(event.inputBuffer.getChannelData(0)))
  source.connect(processor).connect(sink)
}

function release(stream: MediaStream, context: AudioContext) {
  for (const track of stream.getTracks()) track.stop()
  void context.close().catch(() => undefined)
}
