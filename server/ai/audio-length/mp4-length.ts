/**
 * The length of an MP4/M4A recording without decoding: per audio track, the longest of the
 * duration its media header declares, the sum of its sample table's durations (what a decoder
 * plays), and the sum of its fragments' sample durations (Safari's MediaRecorder writes
 * fragmented MP4, whose headers declare no length); the movie header's duration also counts.
 */
import { unreadableRecording } from './unreadable.ts'
import { asciiAt } from '#server/ai/ascii-at.ts'

type Track = { id: number; timescale: number; declared: number; sampled: number; audio: boolean }
type State = {
  movie: { timescale: number; duration: number }
  tracks: Track[]
  /** From mvex/trex: each track's default sample duration for its fragments. */
  defaultDurations: Map<number, number>
  /** Fragment samples' durations by track id, in that track's timescale. */
  fragmented: Map<number, number>
}

const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf'])

export function mp4Seconds(bytes: Uint8Array): number {
  const state: State = {
    movie: { timescale: 0, duration: 0 },
    tracks: [],
    defaultDurations: new Map(),
    fragmented: new Map(),
  }
  walk(bytes, 0, bytes.byteLength, state, undefined)
  const seconds = state.tracks
    .filter((track) => track.audio)
    .map((track) => {
      if (track.timescale === 0) throw unreadableRecording('an MP4 track declares a timescale of 0')
      const fragments = state.fragmented.get(track.id) ?? 0
      return Math.max(track.declared, track.sampled, fragments) / track.timescale
    })
  if (seconds.length === 0) throw unreadableRecording('the MP4 file holds no audio track')
  const movie = state.movie.timescale > 0 ? state.movie.duration / state.movie.timescale : 0
  return Math.max(movie, ...seconds)
}

/** Reads the boxes between `start` and `end`; `track` is the trak or traf being read, if any. */
function walk(bytes: Uint8Array, start: number, end: number, state: State, track: Track | undefined) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = start
  let fragmentTrack: number | undefined
  let fragmentDefault: number | undefined
  while (offset + 8 <= end) {
    let size = view.getUint32(offset)
    const type = asciiAt(bytes, offset + 4, 4)
    let header = 8
    if (size === 1) {
      if (offset + 16 > end) throw unreadableRecording(`the MP4 box ${type} is cut short`)
      size = Number(view.getBigUint64(offset + 8))
      header = 16
    } else if (size === 0) size = end - offset
    if (size < header) throw unreadableRecording(`the MP4 box ${type} declares ${size} bytes`)
    const boxEnd = Math.min(offset + size, end)
    const body = offset + header
    // A full box: version 1 has 64-bit times, so needs `long` bytes where version 0 needs `short`.
    const full = (short: number, long = short) => {
      const version1 = (bytes[body] ?? 0) === 1
      if (boxEnd - body < (version1 ? long : short)) throw unreadableRecording(`the MP4 box ${type} is cut short`)
      return version1
    }
    if (type === 'trak') {
      const read: Track = { id: 0, timescale: 0, declared: 0, sampled: 0, audio: false }
      state.tracks.push(read)
      walk(bytes, body, boxEnd, state, read)
    } else if (type === 'traf') {
      walk(bytes, body, boxEnd, state, undefined)
    } else if (containers.has(type)) {
      walk(bytes, body, boxEnd, state, track)
    } else if (type === 'mvhd') {
      const long = full(20, 32)
      state.movie = long
        ? { timescale: view.getUint32(body + 20), duration: Number(view.getBigUint64(body + 24)) }
        : { timescale: view.getUint32(body + 12), duration: view.getUint32(body + 16) }
    } else if (type === 'tkhd' && track) {
      track.id = view.getUint32(body + (full(16, 24) ? 20 : 12))
    } else if (type === 'mdhd' && track) {
      const long = full(20, 32)
      track.timescale = view.getUint32(body + (long ? 20 : 12))
      const declared = long ? Number(view.getBigUint64(body + 24)) : view.getUint32(body + 16)
      // All ones: the length is not known.
      track.declared = declared === 0xffffffff || declared === Number.MAX_SAFE_INTEGER ? 0 : declared
    } else if (type === 'hdlr' && track) {
      full(12)
      track.audio = asciiAt(bytes, body + 8, 4) === 'soun'
    } else if (type === 'stts' && track) {
      full(8)
      const entries = view.getUint32(body + 4)
      if (body + 8 + entries * 8 > boxEnd) throw unreadableRecording('the MP4 sample table is cut short')
      for (let entry = 0; entry < entries; entry += 1)
        track.sampled += view.getUint32(body + 8 + entry * 8) * view.getUint32(body + 12 + entry * 8)
    } else if (type === 'trex') {
      full(24)
      state.defaultDurations.set(view.getUint32(body + 4), view.getUint32(body + 12))
    } else if (type === 'tfhd') {
      full(8)
      const flags = view.getUint32(body) & 0xffffff
      fragmentTrack = view.getUint32(body + 4)
      let at = body + 8
      if (flags & 0x01) at += 8
      if (flags & 0x02) at += 4
      fragmentDefault = flags & 0x08 ? view.getUint32(at) : state.defaultDurations.get(fragmentTrack)
    } else if (type === 'trun' && fragmentTrack !== undefined) {
      full(8)
      const flags = view.getUint32(body) & 0xffffff
      const count = view.getUint32(body + 4)
      let at = body + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0)
      const perSample = [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length * 4
      if (at + count * perSample > boxEnd) throw unreadableRecording('the MP4 fragment run is cut short')
      let total = 0
      for (let sample = 0; sample < count; sample += 1, at += perSample)
        total += flags & 0x100 ? view.getUint32(at) : (fragmentDefault ?? 0)
      state.fragmented.set(fragmentTrack, (state.fragmented.get(fragmentTrack) ?? 0) + total)
    }
    offset = boxEnd
  }
}
