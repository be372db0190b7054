import { describe, expect, it } from 'vitest'
import { parseWav } from '#server/ai/offline/speech/wav.ts'
import { concatSamples, encodeWav, toPcm16 } from '#src/interview/wav-encoder.ts'

const ascii = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)))

describe('the browser WAV encoder', () => {
  it('writes a 44-byte RIFF/WAVE header for 16-bit PCM mono', () => {
    const view = new DataView(encodeWav(new Float32Array(3), 16_000))
    expect(view.byteLength).toBe(44 + 6)
    expect(ascii(view, 0, 4)).toBe('RIFF')
    expect(view.getUint32(4, true)).toBe(36 + 6)
    expect(ascii(view, 8, 4)).toBe('WAVE')
    expect(ascii(view, 12, 4)).toBe('fmt ')
    expect(view.getUint32(16, true)).toBe(16)
    expect(view.getUint16(20, true)).toBe(1) // PCM
    expect(view.getUint16(22, true)).toBe(1) // mono
    expect(view.getUint32(24, true)).toBe(16_000)
    expect(view.getUint32(28, true)).toBe(32_000)
    expect(view.getUint16(32, true)).toBe(2)
    expect(view.getUint16(34, true)).toBe(16)
    expect(ascii(view, 36, 4)).toBe('data')
    expect(view.getUint32(40, true)).toBe(6)
  })

  it('converts samples to little-endian 16-bit integers, clipping outside [-1, 1]', () => {
    const view = new DataView(encodeWav(Float32Array.from([0, 1, -1, 0.5, -0.5, 2, -3, Number.NaN]), 48_000))
    const samples = Array.from({ length: 8 }, (_, index) => view.getInt16(44 + index * 2, true))
    expect(samples).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768, 0])
    expect(toPcm16(0.25)).toBe(8192)
  })

  it('writes an empty recording as a valid file with no samples', () => {
    const view = new DataView(encodeWav(new Float32Array(0), 44_100))
    expect(view.byteLength).toBe(44)
    expect(view.getUint32(40, true)).toBe(0)
  })

  it('joins recorded blocks in order', () => {
    expect(
      Array.from(concatSamples([Float32Array.from([0.1, 0.2]), new Float32Array(0), Float32Array.from([0.3])])),
    ).toEqual([0.1, 0.2, 0.3].map(Math.fround))
  })

  it('produces what the server reads back: the same rate and the same samples within 16-bit precision', () => {
    const tone = Float32Array.from(
      { length: 4_800 },
      (_, index) => 0.8 * Math.sin((2 * Math.PI * 440 * index) / 48_000),
    )
    const audio = parseWav(new Uint8Array(encodeWav(tone, 48_000)))
    expect(audio.sampleRate).toBe(48_000)
    expect(audio.samples.length).toBe(tone.length)
    const worst = Math.max(...Array.from(tone, (sample, index) => Math.abs(sample - (audio.samples[index] ?? 0))))
    expect(worst).toBeLessThan(1 / 16_000)
  })

  it('refuses a sample rate that is not a positive integer', () => {
    expect(() => encodeWav(new Float32Array(1), 0)).toThrow(RangeError)
    expect(() => encodeWav(new Float32Array(1), 44_100.5)).toThrow(RangeError)
  })
})
