/**
 * The length of an Ogg recording (Opus, Vorbis or FLAC) from its pages, without decoding: the
 * last granule position of each stream, and what its packets must at least decode to — for Opus
 * exactly (each packet's table of contents), for Vorbis at least half a short block per packet.
 * The longest is taken, so a granule that understates the packets does not shorten the recording.
 * A browser's MediaRecorder writes Ogg Opus whose length is only in the granules, as every Ogg is.
 */
import { opusPacketSamples, opusSampleRate } from './opus-packet.ts'
import { unreadableRecording } from './unreadable.ts'
import { asciiAt } from '#server/ai/ascii-at.ts'

type Stream = {
  codec: 'opus' | 'vorbis' | 'flac' | 'other'
  sampleRate: number
  preSkip: number
  /** Vorbis: the shorter of its two block sizes. */
  shortBlock: number
  lastGranule: bigint
  packets: number
  /** Opus: the samples its audio packets decode to. */
  samples: number
}

const pageHeaderBytes = 27
const noGranule = -1n

export function oggSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const streams = new Map<number, Stream>()
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 0
  while (offset + pageHeaderBytes <= bytes.byteLength) {
    if (text.toString('latin1', offset, offset + 4) !== 'OggS') {
      // A decoder skips to the next page it can find; so does the count.
      const next = text.indexOf('OggS', offset + 1, 'latin1')
      if (next < 0) break
      offset = next
      continue
    }
    const continued = (bytes[offset + 5] ?? 0) & 0x01
    const granule = view.getBigInt64(offset + 6, true)
    const serial = view.getUint32(offset + 14, true)
    const segments = bytes[offset + 26] ?? 0
    const lacing = bytes.subarray(offset + pageHeaderBytes, offset + pageHeaderBytes + segments)
    let packetStart = offset + pageHeaderBytes + segments
    const pageEnd = packetStart + lacing.reduce((sum, value) => sum + value, 0)
    if (lacing.byteLength < segments || pageEnd > bytes.byteLength) break // the last page, cut short
    let stream = streams.get(serial)
    // A packet begins at the page's start unless it continues one, and after each lacing value below 255.
    let beginsPacket = continued === 0
    let position = packetStart
    for (const value of lacing) {
      if (beginsPacket) {
        packetStart = position
        const packet = bytes.subarray(packetStart, pageEnd)
        if (!stream) {
          stream = identify(packet)
          streams.set(serial, stream)
        }
        stream.packets += 1
        if (stream.codec === 'opus' && stream.packets > 2 && value > 0) stream.samples += opusPacketSamples(packet)
      }
      position += value
      beginsPacket = value < 255
    }
    if (stream && granule !== noGranule && granule > stream.lastGranule) stream.lastGranule = granule
    offset = pageEnd
  }
  const audio = [...streams.values()].filter((stream) => stream.codec !== 'other')
  if (audio.length === 0) throw unreadableRecording('the Ogg file holds no Opus, Vorbis or FLAC stream')
  return Math.max(...audio.map(streamSeconds))
}

function identify(packet: Uint8Array): Stream {
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength)
  const magic = (length: number) => asciiAt(packet, 0, length)
  const stream: Stream = {
    codec: 'other',
    sampleRate: 0,
    preSkip: 0,
    shortBlock: 0,
    lastGranule: 0n,
    packets: 0,
    samples: 0,
  }
  if (magic(8) === 'OpusHead' && packet.byteLength >= 19)
    return { ...stream, codec: 'opus', sampleRate: opusSampleRate, preSkip: view.getUint16(10, true) }
  if (magic(7) === '\x01vorbis' && packet.byteLength >= 30)
    return {
      ...stream,
      codec: 'vorbis',
      sampleRate: view.getUint32(12, true),
      shortBlock: 2 ** ((packet[28] ?? 0) & 0x0f),
    }
  // FLAC in Ogg: the mapping header, then "fLaC" and the STREAMINFO block, whose sample rate is 20 bits.
  if (magic(5) === '\x7fFLAC' && packet.byteLength >= 13 + 4 + 14)
    return { ...stream, codec: 'flac', sampleRate: view.getUint32(13 + 4 + 10) >>> 12 }
  return stream
}

function streamSeconds(stream: Stream): number {
  if (stream.sampleRate < 1000 || stream.sampleRate > 384_000)
    throw unreadableRecording(`the Ogg ${stream.codec} stream declares ${stream.sampleRate} Hz`)
  if (stream.codec === 'vorbis' && !(stream.shortBlock >= 64 && stream.shortBlock <= 8192))
    throw unreadableRecording(`the Ogg Vorbis stream declares blocks of ${stream.shortBlock} samples`)
  const granuleSamples = Number(stream.lastGranule) - stream.preSkip
  // Vorbis: after the three header packets, each packet adds at least half a short block.
  const packetSamples =
    stream.codec === 'opus'
      ? stream.samples - stream.preSkip
      : stream.codec === 'vorbis'
        ? (Math.max(0, stream.packets - 4) * stream.shortBlock) / 2
        : 0
  return Math.max(granuleSamples, packetSamples, 0) / stream.sampleRate
}
