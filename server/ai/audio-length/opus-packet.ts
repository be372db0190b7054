/**
 * How many 48 kHz samples an Opus packet decodes to, read from its table-of-contents byte
 * (RFC 6716 section 3.1) without decoding it: what a decoder will produce, whatever the
 * container's timestamps claim.
 */
import { unreadableRecording } from './unreadable.ts'

/** Frame lengths in 48 kHz samples by configuration number (0–31). */
const frameSamples = (config: number): number => {
  if (config < 12) return [480, 960, 1920, 2880][config % 4] ?? 0 // SILK: 10, 20, 40, 60 ms
  if (config < 16) return [480, 960][config % 2] ?? 0 // hybrid: 10, 20 ms
  return [120, 240, 480, 960][config % 4] ?? 0 // CELT: 2.5, 5, 10, 20 ms
}

/** A packet may hold at most 120 ms of audio. */
const maxPacketSamples = 5760

/** Samples of one packet (its first bytes are enough); 0 for an empty packet, which holds no frame. */
export function opusPacketSamples(packet: Uint8Array): number {
  const [toc, second = 0] = packet
  if (toc === undefined) return 0
  const frames = [1, 2, 2, second & 0x3f][toc & 0b11] ?? 0
  const samples = frames * frameSamples(toc >> 3)
  if (frames === 0 || samples > maxPacketSamples)
    throw unreadableRecording(`an Opus packet declares ${frames} frames of ${frameSamples(toc >> 3) / 48} ms`)
  return samples
}

export const opusSampleRate = 48_000
