/**
 * How long a recording plays, read from its header and container without decoding it, for every
 * format an audio question accepts (decision 0112): the recording can be refused for its length
 * before any decoder, here or at the provider, spends time on it. Throws MediaUnreadableError
 * when the file is damaged or declares the impossible.
 */
import type { AudioFormat } from '#server/ai/audio-header.ts'
import { readWavHeader } from '#server/ai/wav-header.ts'
import { flacSeconds } from './flac-length.ts'
import { mp4Seconds } from './mp4-length.ts'
import { mpegAudioSeconds } from './mpeg-audio-length.ts'
import { oggSeconds } from './ogg-length.ts'
import { unreadableRecording } from './unreadable.ts'
import { webmSeconds } from './webm-length.ts'

const readers: Record<AudioFormat['format'], (bytes: Uint8Array) => number> = {
  wav: (bytes) => readWavHeader(bytes).seconds,
  webm: webmSeconds,
  ogg: oggSeconds,
  flac: flacSeconds,
  mp3: mpegAudioSeconds,
  mp4: mp4Seconds,
}

export function recordingSeconds(bytes: Uint8Array, format: AudioFormat['format']): number {
  const seconds = readers[format](bytes)
  if (!Number.isFinite(seconds) || seconds < 0)
    throw unreadableRecording(`its ${format} header declares a length of ${seconds} s`)
  return seconds
}
