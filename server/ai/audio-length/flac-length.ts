/**
 * The length of a FLAC recording without decoding: the total samples its STREAMINFO declares, or
 * where the last frame ends (its header, found from the end of the file and checked by its CRC,
 * numbers its frame or first sample). A streamed FLAC declares 0 samples; a header that
 * understates the frames does not shorten the recording, since the longer of the two is taken.
 */
import { unreadableRecording } from './unreadable.ts'

type StreamInfo = { minBlock: number; maxBlock: number; sampleRate: number; totalSamples: number }

export function flacSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let info: StreamInfo | undefined
  let offset = 4
  for (let last = false; !last;) {
    if (offset + 4 > bytes.byteLength) throw unreadableRecording('the FLAC file ends inside its metadata')
    const header = bytes[offset] ?? 0
    last = (header & 0x80) !== 0
    const length = view.getUint32(offset) & 0xffffff
    if ((header & 0x7f) === 0) {
      if (length < 34 || offset + 4 + 34 > bytes.byteLength)
        throw unreadableRecording('the FLAC STREAMINFO is cut short')
      const at = offset + 4
      const packed = view.getBigUint64(at + 10)
      info = {
        minBlock: view.getUint16(at),
        maxBlock: view.getUint16(at + 2),
        sampleRate: Number(packed >> 44n),
        totalSamples: Number(packed & 0xfffffffffn),
      }
    }
    offset += 4 + length
  }
  if (!info) throw unreadableRecording('the FLAC file has no STREAMINFO')
  const { sampleRate, minBlock, maxBlock, totalSamples } = info
  if (sampleRate < 1000 || sampleRate > 655_350 || minBlock < 16 || maxBlock < minBlock)
    throw unreadableRecording(`the FLAC file declares ${sampleRate} Hz and blocks of ${minBlock}–${maxBlock} samples`)
  const framesEnd = lastFrameEnd(bytes, offset, info)
  if (totalSamples === 0 && framesEnd === undefined) throw unreadableRecording('the FLAC file holds no frame')
  return Math.max(totalSamples, framesEnd ?? 0) / sampleRate
}

/** The sample where the last frame ends, from the last frame header with a valid CRC-8. */
function lastFrameEnd(bytes: Uint8Array, audioStart: number, info: StreamInfo): number | undefined {
  for (let at = bytes.byteLength - 6; at >= audioStart; at -= 1) {
    if (bytes[at] !== 0xff || ((bytes[at + 1] ?? 0) & 0xfe) !== 0xf8) continue
    const frame = readFrameHeader(bytes, at)
    if (!frame) continue
    const blockSize = frame.blockSize ?? info.maxBlock
    // A fixed-blocksize stream numbers frames, a variable one numbers samples.
    const first = frame.variable ? frame.number : frame.number * info.minBlock
    return first + blockSize
  }
  return undefined
}

type FrameHeader = { variable: boolean; number: number; blockSize: number | undefined }

function readFrameHeader(bytes: Uint8Array, at: number): FrameHeader | undefined {
  const variable = ((bytes[at + 1] ?? 0) & 1) === 1
  const sizeCode = (bytes[at + 2] ?? 0) >> 4
  const rateCode = (bytes[at + 2] ?? 0) & 0x0f
  if (sizeCode === 0 || rateCode === 15 || ((bytes[at + 3] ?? 0) & 1) !== 0) return undefined
  // The frame or sample number, UTF-8 coded (up to 7 bytes, 36 bits).
  let offset = at + 4
  const lead = bytes[offset] ?? 0xff
  const extra = lead < 0x80 ? 0 : lead >= 0xfe ? 6 : Math.clz32(~(lead << 24)) - 1
  if (extra < 0 || (lead >= 0x80 && lead < 0xc0)) return undefined
  let number = extra === 0 ? lead : lead & (0x7f >> (extra + 1))
  for (let index = 1; index <= extra; index += 1) {
    const byte = bytes[offset + index] ?? 0
    if ((byte & 0xc0) !== 0x80) return undefined
    number = number * 64 + (byte & 0x3f)
  }
  offset += 1 + extra
  let blockSize: number | undefined
  if (sizeCode === 1) blockSize = 192
  else if (sizeCode <= 5) blockSize = 576 * 2 ** (sizeCode - 2)
  else if (sizeCode === 6) blockSize = (bytes[offset++] ?? 0) + 1
  else if (sizeCode === 7) {
    blockSize = ((bytes[offset] ?? 0) << 8) + (bytes[offset + 1] ?? 0) + 1
    offset += 2
  } else blockSize = 256 * 2 ** (sizeCode - 8)
  if (rateCode === 12) offset += 1
  else if (rateCode === 13 || rateCode === 14) offset += 2
  if (offset >= bytes.byteLength || crc8(bytes.subarray(at, offset)) !== bytes[offset]) return undefined
  return { variable, number, blockSize }
}

/** CRC-8 with polynomial x^8 + x^2 + x + 1, as FLAC frame headers carry. */
function crc8(bytes: Uint8Array): number {
  let crc = 0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff
  }
  return crc
}
