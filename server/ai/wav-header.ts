/**
 * Reads a WAV file's format and length from its chunks, without touching the samples, so a
 * recording can be refused for its length before anything decodes it.
 */
import { asciiAt } from './ascii-at.ts'
import { unreadableRecording } from './audio-length/unreadable.ts'

export type WavHeader = {
  /** The format tag (1 PCM, 3 IEEE float), with WAVE_FORMAT_EXTENSIBLE resolved to its sub-format. */
  tag: number
  channels: number
  sampleRate: number
  bitsPerSample: number
  /** The sample bytes: the data chunk, cut to the bytes really present (streamed WAVs declare a placeholder size). */
  data: Uint8Array
  /** How long the recording plays, from the data's length and the declared format. */
  seconds: number
}

const formatPcm = 1
const formatFloat = 3
const formatExtensible = 0xfffe

export const isWav = (bytes: Uint8Array) =>
  bytes.byteLength >= 12 && asciiAt(bytes, 0, 4) === 'RIFF' && asciiAt(bytes, 8, 4) === 'WAVE'

/** The header of a RIFF/WAVE file (check `isWav` first); MediaUnreadableError when it is damaged. */
export function readWavHeader(bytes: Uint8Array): WavHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let format: { tag: number; channels: number; sampleRate: number; byteRate: number; bitsPerSample: number } | undefined
  let data: Uint8Array | undefined
  let offset = 12
  while (offset + 8 <= bytes.byteLength) {
    const id = asciiAt(bytes, offset, 4)
    const declared = view.getUint32(offset + 4, true)
    const start = offset + 8
    const size = Math.min(declared, bytes.byteLength - start)
    if (id === 'fmt ' && size >= 16) {
      let tag = view.getUint16(start, true)
      if (tag === formatExtensible && size >= 26) tag = view.getUint16(start + 24, true)
      format = {
        tag,
        channels: view.getUint16(start + 2, true),
        sampleRate: view.getUint32(start + 4, true),
        byteRate: view.getUint32(start + 8, true),
        bitsPerSample: view.getUint16(start + 14, true),
      }
    } else if (id === 'data') {
      data = bytes.subarray(start, start + size)
      break
    }
    offset = start + size + (size % 2)
  }
  if (!format) throw unreadableRecording('the WAV file has no format chunk')
  if (!data) throw unreadableRecording('the WAV file has no data chunk')
  const { tag, channels, sampleRate, byteRate, bitsPerSample } = format
  if (channels < 1 || sampleRate < 1000 || sampleRate > 384_000) {
    throw unreadableRecording(`the WAV file declares ${channels} channels at ${sampleRate} Hz`)
  }
  // PCM and float: the length follows from the samples themselves, whatever byte rate the header claims.
  const frameBytes = (bitsPerSample / 8) * channels
  const uncompressed = (tag === formatPcm || tag === formatFloat) && bitsPerSample % 8 === 0 && bitsPerSample > 0
  if (!uncompressed && byteRate === 0) throw unreadableRecording('the WAV file declares a byte rate of 0')
  const seconds = uncompressed ? Math.floor(data.byteLength / frameBytes) / sampleRate : data.byteLength / byteRate
  return { tag, channels, sampleRate, bitsPerSample, data, seconds }
}
