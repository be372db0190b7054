import { describe, expect, it } from 'vitest'
import { MediaUnreadableError } from '#server/ai/recognizer-errors.ts'
import { readWavHeader } from '#server/ai/wav-header.ts'

/** A WAV header with `dataBytes` of samples (zeros), or only the header when `present` is smaller. */
function wav(options: {
  sampleRate: number
  channels: number
  bits: number
  tag?: number
  dataBytes: number
  present?: number
}) {
  const present = options.present ?? options.dataBytes
  const bytes = Buffer.alloc(44 + present)
  bytes.write('RIFF', 0, 'latin1')
  bytes.writeUInt32LE(36 + options.dataBytes, 4)
  bytes.write('WAVEfmt ', 8, 'latin1')
  bytes.writeUInt32LE(16, 16)
  bytes.writeUInt16LE(options.tag ?? 1, 20)
  bytes.writeUInt16LE(options.channels, 22)
  bytes.writeUInt32LE(options.sampleRate, 24)
  // A byte rate that lies: the length follows from the samples, not from this.
  bytes.writeUInt32LE(options.sampleRate * 1000, 28)
  bytes.writeUInt16LE((options.channels * options.bits) / 8, 32)
  bytes.writeUInt16LE(options.bits, 34)
  bytes.write('data', 36, 'latin1')
  bytes.writeUInt32LE(options.dataBytes, 40)
  return new Uint8Array(bytes)
}

describe('reading a WAV header without decoding it', () => {
  it('gives the length from the data present and the declared format', () => {
    expect(readWavHeader(wav({ sampleRate: 16_000, channels: 1, bits: 16, dataBytes: 64_000 })).seconds).toBe(2)
    expect(readWavHeader(wav({ sampleRate: 8_000, channels: 2, bits: 8, dataBytes: 160_000 })).seconds).toBe(10)
  })

  it('counts the bytes really present, not a streamed placeholder size', () => {
    const streamed = wav({ sampleRate: 16_000, channels: 1, bits: 16, dataBytes: 0xffff_ffff - 36, present: 32_000 })
    expect(readWavHeader(streamed).seconds).toBe(1)
  })

  it('refuses a header that declares the impossible or lacks its chunks as unreadable', () => {
    expect(() => readWavHeader(wav({ sampleRate: 0, channels: 1, bits: 16, dataBytes: 100 }))).toThrow(
      MediaUnreadableError,
    )
    expect(() => readWavHeader(wav({ sampleRate: 16_000, channels: 0, bits: 16, dataBytes: 100 }))).toThrow(
      /declares 0 channels/,
    )
    expect(() =>
      readWavHeader(wav({ sampleRate: 16_000, channels: 1, bits: 16, dataBytes: 0 }).subarray(0, 36)),
    ).toThrow(/no data chunk/)
  })
})
