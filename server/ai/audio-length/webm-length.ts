/**
 * The length of a WebM (Matroska) recording from its container, without decoding: the Duration
 * the header declares if any, the span of the blocks' timestamps, and for Opus the frames the
 * blocks hold. A browser's MediaRecorder writes no Duration and clusters of unknown size, so the
 * blocks are the measure there; the longest of the three is taken, so a header that understates
 * what follows does not shorten the recording.
 */
import { opusPacketSamples, opusSampleRate } from './opus-packet.ts'
import { unreadableRecording } from './unreadable.ts'
import { asciiAt } from '#server/ai/ascii-at.ts'

const ids = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  codecId: 0x86,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const

/** Elements whose children are read in place: the walk enters them instead of skipping them. */
const entered = new Set<number>([ids.segment, ids.info, ids.tracks, ids.trackEntry, ids.cluster, ids.blockGroup])

type Vint = { value: number; length: number; unknown: boolean }

/** An EBML variable-length integer; `keepMarker` for element IDs, which are compared whole. */
function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): Vint | undefined {
  const first = bytes[offset]
  if (first === undefined || first === 0) return undefined
  const length = Math.clz32(first) - 23
  if (offset + length > bytes.byteLength) return undefined
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[offset + index] ?? 0
    value = value * 256 + byte
    allOnes &&= byte === 0xff
  }
  return { value, length, unknown: !keepMarker && allOnes }
}

const readUint = (bytes: Uint8Array) => bytes.reduce((value, byte) => value * 256 + byte, 0)

function readFloat(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.byteLength === 4) return view.getFloat32(0)
  if (bytes.byteLength === 8) return view.getFloat64(0)
  throw unreadableRecording(`the WebM file declares a Duration of ${bytes.byteLength} bytes`)
}

export function webmSeconds(bytes: Uint8Array): number {
  let scale = 1_000_000 // nanoseconds per timestamp unit, Matroska's default
  let declared: number | undefined
  let clusterTime = 0
  let firstBlock: number | undefined
  let lastBlock: number | undefined
  let opusSamples = 0
  let entry: { number?: number; opus?: boolean } = {}
  const opusTracks = new Set<number>()
  let offset = 0
  while (offset < bytes.byteLength) {
    const id = readVint(bytes, offset, true)
    const size = id && readVint(bytes, offset + id.length, false)
    if (!id || !size) throw unreadableRecording(`the WebM file is damaged at byte ${offset}`)
    const start = offset + id.length + size.length
    if (entered.has(id.value)) {
      if (id.value === ids.trackEntry) entry = {}
      offset = start
      continue
    }
    if (size.unknown) throw unreadableRecording(`the WebM file has an element of unknown size at byte ${offset}`)
    const content = bytes.subarray(start, start + size.value)
    if (id.value === ids.timecodeScale) scale = readUint(content)
    else if (id.value === ids.duration) declared = readFloat(content)
    else if (id.value === ids.trackNumber || id.value === ids.codecId) {
      if (id.value === ids.trackNumber) entry.number = readUint(content)
      else entry.opus = asciiAt(content, 0, content.byteLength) === 'A_OPUS'
      if (entry.opus && entry.number !== undefined) opusTracks.add(entry.number)
    } else if (id.value === ids.timecode) clusterTime = readUint(content)
    else if (id.value === ids.simpleBlock || id.value === ids.block) {
      const track = readVint(content, 0, false)
      if (!track || content.byteLength < track.length + 3)
        throw unreadableRecording(`the WebM file has a damaged block at byte ${offset}`)
      const time = clusterTime + new DataView(content.buffer, content.byteOffset).getInt16(track.length)
      firstBlock = Math.min(firstBlock ?? time, time)
      lastBlock = Math.max(lastBlock ?? time, time)
      if (opusTracks.has(track.value))
        for (const frame of blockFrames(content, track.length)) opusSamples += opusPacketSamples(frame)
    }
    offset = start + size.value
  }
  if (!(scale > 0)) throw unreadableRecording('the WebM file declares a timestamp scale of 0')
  if (declared !== undefined && !(declared >= 0 && Number.isFinite(declared)))
    throw unreadableRecording(`the WebM file declares a duration of ${declared}`)
  if (declared === undefined && lastBlock === undefined) throw unreadableRecording('the WebM file holds no audio')
  const span = lastBlock === undefined || firstBlock === undefined ? 0 : ((lastBlock - firstBlock) * scale) / 1e9
  return Math.max(((declared ?? 0) * scale) / 1e9, span, opusSamples / opusSampleRate)
}

/** The frames of a block (RFC 9559 section 10.3): one, or those its lacing lists after the flags. */
function blockFrames(block: Uint8Array, trackLength: number): Uint8Array[] {
  const flags = block[trackLength + 2] ?? 0
  let offset = trackLength + 3
  const lacing = (flags >> 1) & 0b11
  if (lacing === 0) return [block.subarray(offset)]
  const count = (block[offset] ?? 0) + 1
  offset += 1
  const sizes: number[] = []
  if (lacing === 1) {
    // Xiph lacing: each size but the last as a run of 255s and the byte ending it.
    for (let frame = 1; frame < count; frame += 1) {
      let size = 0
      let byte = 255
      while (byte === 255 && offset < block.byteLength) {
        byte = block[offset] ?? 0
        size += byte
        offset += 1
      }
      sizes.push(size)
    }
  } else if (lacing === 3) {
    const size = Math.floor((block.byteLength - offset) / count)
    for (let frame = 1; frame < count; frame += 1) sizes.push(size)
  } else {
    // EBML lacing: the first size, then each next one as a signed difference.
    let size = 0
    for (let frame = 1; frame < count; frame += 1) {
      const vint = readVint(block, offset, false)
      if (!vint) throw unreadableRecording('the WebM file has a block with damaged lacing')
      size = frame === 1 ? vint.value : size + vint.value - (2 ** (7 * vint.length - 1) - 1)
      sizes.push(size)
      offset += vint.length
    }
  }
  const frames: Uint8Array[] = []
  for (const size of sizes) {
    if (size < 0 || offset + size > block.byteLength)
      throw unreadableRecording('the WebM file has a block with damaged lacing')
    frames.push(block.subarray(offset, offset + size))
    offset += size
  }
  frames.push(block.subarray(offset))
  return frames
}
