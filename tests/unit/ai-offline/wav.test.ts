import { describe, expect, it } from 'vitest'
import { UnsupportedMediaError } from '#server/ai/recognizer-errors.ts'
import { resample } from '#server/ai/offline/speech/resample.ts'
import { encodeWav16, parseWav } from '#server/ai/offline/speech/wav.ts'

type Encoding = { tag: number; bits: number; write: (view: DataView, offset: number, value: number) => void }
const encodings = {
  pcm8: { tag: 1, bits: 8, write: (v, o, x) => v.setUint8(o, Math.round(x * 127) + 128) },
  pcm16: { tag: 1, bits: 16, write: (v, o, x) => v.setInt16(o, Math.round(x * 32_767), true) },
  pcm24: {
    tag: 1,
    bits: 24,
    write: (v, o, x) => {
      const n = Math.round(x * 8_388_607)
      v.setUint8(o, n & 0xff)
      v.setUint8(o + 1, (n >> 8) & 0xff)
      v.setInt8(o + 2, n >> 16)
    },
  },
  pcm32: { tag: 1, bits: 32, write: (v, o, x) => v.setInt32(o, Math.round(x * 2_147_483_647), true) },
  float32: { tag: 3, bits: 32, write: (v, o, x) => v.setFloat32(o, x, true) },
} satisfies Record<string, Encoding>

/** A WAV with an extra LIST chunk of odd length before the data, as many recorders write. */
function wav(encoding: Encoding, channels: number[][], sampleRate: number): Uint8Array {
  const bytesPerSample = encoding.bits / 8
  const frames = channels[0]?.length ?? 0
  const list = 'LIST\u0003\u0000\u0000\u0000abc\u0000'
  const dataSize = frames * channels.length * bytesPerSample
  const bytes = new Uint8Array(12 + 24 + list.length + 8 + dataSize)
  const view = new DataView(bytes.buffer)
  const text = (offset: number, value: string) =>
    Array.from(value).forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)))
  text(0, 'RIFF')
  view.setUint32(4, bytes.length - 8, true)
  text(8, 'WAVEfmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, encoding.tag, true)
  view.setUint16(22, channels.length, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * channels.length * bytesPerSample, true)
  view.setUint16(32, channels.length * bytesPerSample, true)
  view.setUint16(34, encoding.bits, true)
  text(36, list)
  const data = 36 + list.length
  text(data, 'data')
  view.setUint32(data + 4, dataSize, true)
  for (let frame = 0; frame < frames; frame += 1) {
    channels.forEach((channel, c) => {
      encoding.write(view, data + 8 + (frame * channels.length + c) * bytesPerSample, channel[frame] ?? 0)
    })
  }
  return bytes
}

describe('parseWav', () => {
  it.each(Object.entries(encodings))('reads %s stereo into mono samples', (_name, encoding) => {
    const audio = parseWav(
      wav(
        encoding,
        [
          [0.5, -0.5, 0.25],
          [0.5, 0.5, -0.25],
        ],
        22_050,
      ),
    )
    expect(audio.sampleRate).toBe(22_050)
    expect([...audio.samples].map((x) => Math.round(x * 100) / 100)).toEqual([0.5, 0, 0])
  })

  it('round-trips through encodeWav16', () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1])
    const back = parseWav(encodeWav16({ sampleRate: 16_000, samples }))
    expect(back.sampleRate).toBe(16_000)
    expect([...back.samples].map((x) => Math.round(x * 1000) / 1000)).toEqual([0, 0.5, -0.5, 1, -1])
  })

  it('rejects what is not WAV with the accepted formats in the message', () => {
    const ogg = new TextEncoder().encode('OggS\u0000\u0002 and more bytes here')
    expect(() => parseWav(ogg)).toThrow(UnsupportedMediaError)
    expect(() => parseWav(ogg)).toThrow(
      /not a WAV file \(it looks like Ogg\).*accepts WAV only \(RIFF\/WAVE, PCM 8\/16\/24\/32-bit/,
    )
    const adpcm = wav({ ...encodings.pcm16, tag: 2 }, [[0]], 8_000)
    expect(() => parseWav(adpcm)).toThrow(/WAV encoding 2 at 16 bits is not PCM or float/)
  })
})

describe('resample', () => {
  const tone = (frequency: number, rate: number) =>
    Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * frequency * i) / rate))
  const amplitude = (samples: Float32Array, frequency: number, rate: number) => {
    let re = 0
    let im = 0
    samples.forEach((x, i) => {
      re += x * Math.cos((2 * Math.PI * frequency * i) / rate)
      im += x * Math.sin((2 * Math.PI * frequency * i) / rate)
    })
    return (2 * Math.hypot(re, im)) / samples.length
  }

  it('keeps speech frequencies and removes those above the new Nyquist frequency', () => {
    const speech = resample({ sampleRate: 22_050, samples: tone(1_000, 22_050) }, 16_000)
    expect(speech.samples.length).toBe(16_000)
    expect(amplitude(speech.samples.subarray(500, 15_500), 1_000, 16_000)).toBeCloseTo(0.5, 2)
    // 10 kHz cannot exist at 16 kHz; unfiltered it would alias to 6 kHz.
    const high = resample({ sampleRate: 22_050, samples: tone(10_000, 22_050) }, 16_000)
    expect(amplitude(high.samples.subarray(500, 15_500), 6_000, 16_000)).toBeLessThan(0.001)
  })

  it('upsamples too, and leaves audio at the target rate untouched', () => {
    const up = resample({ sampleRate: 8_000, samples: tone(440, 8_000) }, 16_000)
    expect(amplitude(up.samples.subarray(500, 15_500), 440, 16_000)).toBeCloseTo(0.5, 2)
    const same = { sampleRate: 16_000, samples: tone(440, 16_000) }
    expect(resample(same, 16_000)).toBe(same)
  })
})
