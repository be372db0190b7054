/**
 * Recordings built byte by byte, as the containers' specifications lay them out, for the formats
 * the machine has no encoder for (WebM, Ogg Opus, MP3, MP4): audio frames of the right shape and
 * count, with silent payloads. What a length reader must read from them is their container.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const concat = (...parts: (Uint8Array | number[])[]) =>
  new Uint8Array(Buffer.concat(parts.map((part) => Uint8Array.from(part))))

/** An Opus packet of one 20 ms CELT frame (configuration 31, code 0), with a few payload bytes. */
const opusPacket = (toc = 0xf8) => [toc, 0, 0, 0, 0, 0, 0, 0]

// --- WebM (EBML) ---

function vintSize(size: number | 'unknown'): number[] {
  if (size === 'unknown') return [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
  return [0x10 | ((size >>> 24) & 0x0f), (size >>> 16) & 0xff, (size >>> 8) & 0xff, size & 0xff]
}

function idBytes(id: number): number[] {
  const bytes: number[] = []
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff)
  return bytes
}

const element = (id: number, content: Uint8Array | number[], size: number | 'unknown' = content.length) =>
  concat(idBytes(id), vintSize(size), content)
const uint = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]
const float64 = (value: number) => {
  const bytes = Buffer.alloc(8)
  bytes.writeDoubleBE(value)
  return [...bytes]
}

/**
 * A WebM file as a browser's MediaRecorder writes it: a Segment and Clusters of unknown size, no
 * Duration (unless `declaredSeconds`), one Opus track, a 20 ms block after another for `seconds`.
 */
export function webmOpus({
  seconds,
  declaredSeconds,
  timestampStepMs = 20,
}: {
  seconds: number
  declaredSeconds?: number
  timestampStepMs?: number
}): Uint8Array<ArrayBuffer> {
  const header = element(0x1a45dfa3, concat(element(0x4282, [...Buffer.from('webm')])))
  const info = element(
    0x1549a966,
    concat(
      element(0x2ad7b1, uint(1_000_000)),
      declaredSeconds === undefined ? [] : element(0x4489, float64(declaredSeconds * 1000)),
    ),
  )
  const tracks = element(
    0x1654ae6b,
    element(0xae, concat(element(0xd7, [1]), element(0x83, [2]), element(0x86, [...Buffer.from('A_OPUS')]))),
  )
  const clusters: Uint8Array[] = []
  const blocks = Math.round((seconds * 1000) / 20)
  const perCluster = 250
  for (let first = 0; first < blocks; first += perCluster) {
    const clusterTime = first * timestampStepMs
    const parts: Uint8Array[] = [element(0xe7, uint(clusterTime))]
    for (let block = first; block < Math.min(blocks, first + perCluster); block += 1) {
      const relative = (block - first) * timestampStepMs
      parts.push(element(0xa3, concat([0x81, (relative >> 8) & 0xff, relative & 0xff, 0x80], opusPacket())))
    }
    clusters.push(element(0x1f43b675, concat(...parts), 'unknown'))
  }
  return concat(header, element(0x18538067, concat(info, tracks, ...clusters), 'unknown'))
}

// --- Ogg ---

const crcTable = Array.from({ length: 256 }, (_, index) => {
  let crc = index << 24
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1
  return crc >>> 0
})

function oggPage(packets: Uint8Array[], granule: bigint, sequence: number, flags: number): Uint8Array {
  const lacing: number[] = []
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255))
      if (left < 255) break
    }
  }
  const header = Buffer.alloc(27)
  header.write('OggS', 0, 'latin1')
  header[5] = flags
  header.writeBigInt64LE(granule, 6)
  header.writeUInt32LE(0x1234, 14)
  header.writeUInt32LE(sequence, 18)
  header[26] = lacing.length
  const page = concat(header, lacing, ...packets)
  let crc = 0
  for (const byte of page) crc = ((crc << 8) ^ (crcTable[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0
  Buffer.from(page.buffer).writeUInt32LE(crc, 22)
  return page
}

/** An Ogg Opus file: OpusHead, OpusTags, then 20 ms packets, 50 to a page, the granule at each page's end. */
export function oggOpus({
  seconds,
  granuleSeconds,
}: {
  seconds: number
  granuleSeconds?: number
}): Uint8Array<ArrayBuffer> {
  const preSkip = 312
  const head = Buffer.alloc(19)
  head.write('OpusHead', 0, 'latin1')
  head[8] = 1
  head[9] = 1
  head.writeUInt16LE(preSkip, 10)
  head.writeUInt32LE(48_000, 12)
  const tags = concat([...Buffer.from('OpusTags')], [0, 0, 0, 0], [0, 0, 0, 0])
  const pages = [oggPage([head], 0n, 0, 0x02), oggPage([tags], 0n, 1, 0)]
  const packets = Math.round(seconds * 50)
  const scale = granuleSeconds === undefined ? 1 : granuleSeconds / seconds
  for (let first = 0; first < packets; first += 50) {
    const count = Math.min(50, packets - first)
    const granule = BigInt(Math.round((first + count) * 960 * scale) + preSkip)
    const last = first + count >= packets
    pages.push(
      oggPage(
        Array.from({ length: count }, () => Uint8Array.from(opusPacket())),
        granule,
        pages.length,
        last ? 0x04 : 0,
      ),
    )
  }
  return concat(...pages)
}

// --- MP3 ---

/** An MP3 of MPEG-1 layer III frames at 128 kbit/s and 44.1 kHz (417 bytes, 1152 samples each), after an ID3v2 tag. */
export function mp3({ seconds }: { seconds: number }): Uint8Array<ArrayBuffer> {
  const frames = Math.round((seconds * 44_100) / 1152)
  const frame = new Uint8Array(417)
  frame.set([0xff, 0xfb, 0x90, 0x00])
  const id3 = concat([...Buffer.from('ID3'), 4, 0, 0, 0, 0, 0, 10], new Uint8Array(10))
  return concat(id3, ...Array.from({ length: frames }, () => frame))
}

// --- MP4 ---

const box = (type: string, ...content: (Uint8Array | number[])[]) => {
  const body = concat(...content)
  return concat(uint(8 + body.length), [...Buffer.from(type, 'latin1')], body)
}
const fullBox = (type: string, ...content: (Uint8Array | number[])[]) => box(type, [0, 0, 0, 0], ...content)

/**
 * An M4A of one AAC track at 48 kHz (1024-sample frames), its length in the sample table; or
 * `fragmented`, as Safari's MediaRecorder writes: an empty sample table, the frames in fragments.
 */
export function m4a({
  seconds,
  declaredSeconds,
  fragmented = false,
}: {
  seconds: number
  declaredSeconds?: number
  fragmented?: boolean
}): Uint8Array<ArrayBuffer> {
  const rate = 48_000
  const frames = Math.round((seconds * rate) / 1024)
  const declared = fragmented ? 0 : Math.round((declaredSeconds ?? seconds) * rate)
  const ftyp = box('ftyp', [...Buffer.from('M4A ')], uint(0), [...Buffer.from('isomM4A ')])
  const mvhd = fullBox('mvhd', uint(0), uint(0), uint(rate), uint(declared), new Uint8Array(80))
  const tkhd = fullBox('tkhd', uint(0), uint(0), uint(1), uint(0), uint(declared), new Uint8Array(60))
  const mdhd = fullBox('mdhd', uint(0), uint(0), uint(rate), uint(declared), [0x55, 0xc4, 0, 0])
  const hdlr = fullBox('hdlr', uint(0), [...Buffer.from('soun')], new Uint8Array(12), [0])
  const stts = fullBox('stts', ...(fragmented ? [uint(0)] : [uint(1), uint(frames), uint(1024)]))
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', box('stbl', stts))))
  const frameBytes = new Uint8Array(frames * 8)
  if (!fragmented) return concat(ftyp, box('moov', mvhd, trak), box('mdat', frameBytes))
  const mvex = box('mvex', fullBox('trex', uint(1), uint(1), uint(1024), uint(0), uint(0)))
  const fragments: Uint8Array[] = []
  for (let first = 0; first < frames; first += 100) {
    const count = Math.min(100, frames - first)
    // trun flags 0x200: a size per sample; durations come from trex's default.
    const trun = box('trun', [0, 0, 0x02, 0x00], uint(count), ...Array.from({ length: count }, () => uint(8)))
    fragments.push(box('moof', fullBox('mfhd', uint(first / 100 + 1)), box('traf', fullBox('tfhd', uint(1)), trun)))
    fragments.push(box('mdat', new Uint8Array(count * 8)))
  }
  return concat(ftyp, box('moov', mvhd, trak, mvex), ...fragments)
}

// --- FLAC and Ogg Vorbis, by sox ---

/** A tone of `seconds` written by sox (16 kHz mono) as `type` (flac, ogg); `streamed` writes it to a pipe, as a live encoder does. */
export async function soxRecording(
  type: 'flac' | 'ogg',
  seconds: number,
  streamed = false,
): Promise<Uint8Array<ArrayBuffer>> {
  const tone = ['-n', '-r', '16000', '-c', '1', '-b', '16']
  const effect = ['synth', String(seconds), 'sine', '440']
  if (streamed) {
    const { stdout } = await promisify(execFile)('sox', [...tone, '-t', type, '-', ...effect], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    })
    return new Uint8Array(stdout)
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'recording-'))
  try {
    const file = path.join(folder, `tone.${type}`)
    await promisify(execFile)('sox', [...tone, file, ...effect])
    return new Uint8Array(await readFile(file))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
