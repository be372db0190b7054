/**
 * Reads WAV (RIFF/WAVE) audio into mono float samples and writes 16-bit mono PCM WAV. Enough of
 * the format for what browsers, recorders and espeak produce: PCM 8/16/24/32-bit, IEEE float
 * 32/64-bit, WAVE_FORMAT_EXTENSIBLE, any channel count and sample rate.
 */
import { UnsupportedMediaError } from '#server/ai/recognizer-errors.ts'
import { isWav, readWavHeader } from '#server/ai/wav-header.ts'
import { asciiAt } from '#server/ai/ascii-at.ts'

export type MonoAudio = {
  sampleRate: number
  /** One channel (the mean of the input channels), in [-1, 1]. */
  samples: Float32Array
}

const acceptedAudioFormats = ['audio/wav (RIFF/WAVE PCM 8/16/24/32-bit or float)'] as const

const formatPcm = 1
const formatFloat = 3

export function parseWav(bytes: Uint8Array): MonoAudio {
  if (!isWav(bytes)) throw unsupported(`this is not a WAV file${sniff(bytes)}`)
  const { tag, channels, sampleRate, bitsPerSample, data } = readWavHeader(bytes)
  const read = sampleReader(tag, bitsPerSample)
  if (!read) throw unsupported(`WAV encoding ${tag} at ${bitsPerSample} bits is not PCM or float`)
  const bytesPerSample = bitsPerSample / 8
  const frameBytes = bytesPerSample * channels
  const frames = Math.floor(data.byteLength / frameBytes)
  const dataView = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const samples = new Float32Array(frames)
  for (let frame = 0; frame < frames; frame += 1) {
    let sum = 0
    for (let channel = 0; channel < channels; channel += 1) {
      sum += read(dataView, frame * frameBytes + channel * bytesPerSample)
    }
    samples[frame] = sum / channels
  }
  return { sampleRate, samples }
}

type SampleReader = (view: DataView, offset: number) => number

function sampleReader(tag: number, bits: number): SampleReader | undefined {
  if (tag === formatPcm) {
    if (bits === 8) return (v, o) => (v.getUint8(o) - 128) / 128
    if (bits === 16) return (v, o) => v.getInt16(o, true) / 32_768
    if (bits === 24) {
      return (v, o) => (v.getUint8(o) | (v.getUint8(o + 1) << 8) | (v.getInt8(o + 2) << 16)) / 8_388_608
    }
    if (bits === 32) return (v, o) => v.getInt32(o, true) / 2_147_483_648
  }
  if (tag === formatFloat) {
    if (bits === 32) return (v, o) => v.getFloat32(o, true)
    if (bits === 64) return (v, o) => v.getFloat64(o, true)
  }
  return undefined
}

/** A canonical 16-bit mono PCM WAV file. */
export function encodeWav16(audio: MonoAudio): Uint8Array {
  return wavOfPcm16(encodePcm16(audio), audio.sampleRate)
}

/** 16-bit little-endian mono samples with the WAV header around them. */
export function wavOfPcm16(pcm: Uint8Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + pcm.byteLength)
  const view = new DataView(bytes.buffer)
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i += 1) view.setUint8(offset + i, value.charCodeAt(i))
  }
  text(0, 'RIFF')
  view.setUint32(4, 36 + pcm.byteLength, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, formatPcm, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  text(36, 'data')
  view.setUint32(40, pcm.byteLength, true)
  bytes.set(pcm, 44)
  return bytes
}

/**
 * 16-bit little-endian mono samples read as `parseWav` reads them from a 16-bit WAV file (an odd
 * last byte is dropped, as a WAV file's half sample is).
 */
export function readPcm16(pcm: Uint8Array, sampleRate: number): MonoAudio {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength)
  const samples = new Float32Array(Math.floor(pcm.byteLength / 2))
  for (let i = 0; i < samples.length; i += 1) samples[i] = view.getInt16(i * 2, true) / 32_768
  return { sampleRate, samples }
}

/** The samples alone as 16-bit little-endian PCM, what a decoder reads (no header). */
export function encodePcm16({ samples }: MonoAudio): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2)
  const view = new DataView(bytes.buffer)
  for (let i = 0; i < samples.length; i += 1) {
    const clamped = Math.max(-1, Math.min(1, samples[i] ?? 0))
    view.setInt16(i * 2, Math.round(clamped * 32_767), true)
  }
  return bytes
}

/** Names the container when it is a common non-WAV one, to make the error actionable. */
function sniff(bytes: Uint8Array): string {
  const head = asciiAt(bytes, 0, 4)
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return ' (it looks like WebM/Matroska)'
  if (head === 'OggS') return ' (it looks like Ogg)'
  if (head === 'fLaC') return ' (it looks like FLAC)'
  if (head.startsWith('ID3') || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return ' (it looks like MP3)'
  if (asciiAt(bytes, 4, 4) === 'ftyp') return ' (it looks like MP4/M4A)'
  return ''
}

function unsupported(problem: string): UnsupportedMediaError {
  return new UnsupportedMediaError(
    `Unsupported audio: ${problem}. The offline recognizer accepts WAV only (RIFF/WAVE, PCM 8/16/24/32-bit or 32/64-bit float, any sample rate, mono or multi-channel); convert other formats to WAV, or set AI_BASE_URL and AI_TRANSCRIPTION_MODEL to transcribe with an AI provider.`,
    acceptedAudioFormats,
  )
}
