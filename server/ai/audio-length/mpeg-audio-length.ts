/**
 * The length of an MP3 (MPEG audio layer I–III) recording without decoding: every frame is
 * counted from the frame headers, which give each frame's size and samples, so a Xing header or
 * a constant-bitrate guess cannot misstate it. Junk between frames is skipped to the next frame,
 * as decoders do; tags at either end are skipped.
 */
import { unreadableRecording } from './unreadable.ts'
import { asciiAt } from '#server/ai/ascii-at.ts'

// Bitrates in kbit/s by [MPEG-1?][layer 1..3][index 1..14].
const bitrates: Record<'v1' | 'v2', readonly (readonly number[])[]> = {
  v1: [
    [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
}
const sampleRates = [44_100, 48_000, 32_000]

type Frame = { bytes: number; samples: number; sampleRate: number }

/** The frame whose header starts at `at`, or undefined when these bytes are not a frame header. */
function readFrame(bytes: Uint8Array, at: number): Frame | undefined {
  const [b0, b1, b2] = [bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0]
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined
  const version = (b1 >> 3) & 0b11 // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
  const layer = 4 - ((b1 >> 1) & 0b11) // 1, 2 or 3
  const bitrateIndex = b2 >> 4
  const rateIndex = (b2 >> 2) & 0b11
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined
  const kbps = bitrates[version === 3 ? 'v1' : 'v2'][layer - 1]?.[bitrateIndex - 1] ?? 0
  const sampleRate = (sampleRates[rateIndex] ?? 0) / (version === 3 ? 1 : version === 2 ? 2 : 4)
  const padding = (b2 >> 1) & 1
  if (layer === 1)
    return { bytes: (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4, samples: 384, sampleRate }
  const samples = layer === 3 && version !== 3 ? 576 : 1152
  return { bytes: Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding, samples, sampleRate }
}

/** Bytes of an ID3v2 tag at `at` (its header, syncsafe size and optional footer), or 0. */
function id3v2Bytes(bytes: Uint8Array, at: number): number {
  if (asciiAt(bytes, at, 3) !== 'ID3' || at + 10 > bytes.byteLength) return 0
  const size = [6, 7, 8, 9].reduce((sum, index) => sum * 128 + ((bytes[at + index] ?? 0) & 0x7f), 0)
  return 10 + size + ((bytes[at + 5] ?? 0) & 0x10 ? 10 : 0)
}

export function mpegAudioSeconds(bytes: Uint8Array): number {
  let seconds = 0
  let frames = 0
  let offset = 0
  while (offset + 4 <= bytes.byteLength) {
    const tag = id3v2Bytes(bytes, offset)
    if (tag > 0) {
      offset += tag
      continue
    }
    const frame = readFrame(bytes, offset)
    if (!frame) {
      offset += 1
      continue
    }
    frames += 1
    seconds += frame.samples / frame.sampleRate
    offset += frame.bytes
  }
  if (frames === 0) throw unreadableRecording('the MP3 file holds no MPEG audio frame')
  return seconds
}
