/**
 * Identifies a recording by its magic bytes, whatever the client declared: curl labels every
 * file `application/octet-stream`, and browsers label the same WebM `video/webm` or `audio/webm`.
 * The formats are those the OpenAI transcription endpoint takes; the offline recognizer reads WAV.
 */
import { asciiAt } from './ascii-at.ts'
import { isWav } from './wav-header.ts'

export type AudioFormat = { format: 'wav' | 'webm' | 'ogg' | 'flac' | 'mp3' | 'mp4'; mimeType: `audio/${string}` }

const signatures: { test: (bytes: Uint8Array) => boolean; format: AudioFormat }[] = [
  {
    test: isWav,
    format: { format: 'wav', mimeType: 'audio/wav' },
  },
  // EBML header: WebM and Matroska.
  {
    test: (bytes) => bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3,
    format: { format: 'webm', mimeType: 'audio/webm' },
  },
  { test: (bytes) => asciiAt(bytes, 0, 4) === 'OggS', format: { format: 'ogg', mimeType: 'audio/ogg' } },
  { test: (bytes) => asciiAt(bytes, 0, 4) === 'fLaC', format: { format: 'flac', mimeType: 'audio/flac' } },
  // An ID3v2 tag, or an MPEG audio frame header: 11 sync bits, a valid version and layer III/II/I.
  {
    test: (bytes) => asciiAt(bytes, 0, 3) === 'ID3' || isMpegFrame(bytes),
    format: { format: 'mp3', mimeType: 'audio/mpeg' },
  },
  // ISO base media (MP4, M4A): a box of type "ftyp" first.
  { test: (bytes) => asciiAt(bytes, 4, 4) === 'ftyp', format: { format: 'mp4', mimeType: 'audio/mp4' } },
]

function isMpegFrame(bytes: Uint8Array): boolean {
  const [first = 0, second = 0] = bytes
  const version = (second >> 3) & 0b11
  const layer = (second >> 1) & 0b11
  return first === 0xff && (second & 0xe0) === 0xe0 && version !== 0b01 && layer !== 0b00
}

export const acceptedAudioFormats = signatures.map(({ format }) => format.format)
export const acceptedAudioTypes = signatures.map(({ format }) => format.mimeType)

/** The recording's format, or undefined when the bytes are none of `acceptedAudioFormats`. */
export function sniffAudio(bytes: Uint8Array): AudioFormat | undefined {
  return signatures.find(({ test }) => test(bytes))?.format
}
