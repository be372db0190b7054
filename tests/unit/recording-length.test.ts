/**
 * Every accepted recording format's length is read from its header and container, without
 * decoding (decision 0112): from the timing where the header says nothing (a browser's WebM and
 * Ogg), and never shorter than the frames that follow, whatever the header claims.
 */
import { describe, expect, it } from 'vitest'
import { sniffAudio } from '#server/ai/audio-header.ts'
import { recordingSeconds } from '#server/ai/audio-length/recording-length.ts'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { m4a, mp3, oggOpus, soxRecording, webmOpus } from '#tests/support/recording-files.ts'

function seconds(bytes: Uint8Array): number {
  const format = sniffAudio(bytes)?.format
  if (!format) throw new Error('not a recording')
  return recordingSeconds(bytes, format)
}

describe('the length of a recording, before decoding', () => {
  it('WAV, from its data chunk', () => {
    const wav = encodeWav16({ sampleRate: 16_000, samples: new Float32Array(16_000 * 3) })
    expect(seconds(new Uint8Array(wav))).toBeCloseTo(3, 3)
  })

  it('WebM as MediaRecorder writes it (no Duration, clusters of unknown size), from its blocks', () => {
    expect(seconds(webmOpus({ seconds: 61 }))).toBeCloseTo(61, 1)
    expect(seconds(webmOpus({ seconds: 2 }))).toBeCloseTo(2, 1)
  })

  it('WebM whose Duration understates its blocks: the blocks count', () => {
    expect(seconds(webmOpus({ seconds: 90, declaredSeconds: 5 }))).toBeCloseTo(90, 1)
  })

  it('WebM whose timestamps understate its Opus frames: the frames count', () => {
    expect(seconds(webmOpus({ seconds: 90, timestampStepMs: 1 }))).toBeCloseTo(90, 1)
  })

  it('Ogg Opus, from its granule positions', () => {
    expect(seconds(oggOpus({ seconds: 61 }))).toBeCloseTo(61, 1)
    expect(seconds(oggOpus({ seconds: 3 }))).toBeCloseTo(3, 1)
  })

  it('Ogg Opus whose granules understate its packets: the packets count', () => {
    expect(seconds(oggOpus({ seconds: 90, granuleSeconds: 4 }))).toBeCloseTo(90, 1)
  })

  it('Ogg Vorbis written by sox', async () => {
    expect(seconds(await soxRecording('ogg', 61))).toBeCloseTo(61, 1)
  })

  it('FLAC written by sox, with its length declared or, streamed, without it', async () => {
    expect(seconds(await soxRecording('flac', 61))).toBeCloseTo(61, 1)
    const streamed = await soxRecording('flac', 61, true)
    expect(seconds(streamed)).toBeCloseTo(61, 1)
  })

  it('MP3, by counting its frames', () => {
    expect(seconds(mp3({ seconds: 61 }))).toBeCloseTo(61, 1)
  })

  it('M4A, from its sample table; fragmented (Safari), from its fragments', () => {
    expect(seconds(m4a({ seconds: 61 }))).toBeCloseTo(61, 1)
    expect(seconds(m4a({ seconds: 90, declaredSeconds: 3 }))).toBeCloseTo(90, 1)
    expect(seconds(m4a({ seconds: 61, fragmented: true }))).toBeCloseTo(61, 1)
  })

  it.each([
    ['WebM with no block and no Duration', webmOpus({ seconds: 0 })],
    ['WebM cut inside an element header', webmOpus({ seconds: 2 }).subarray(0, 5)],
    ['Ogg holding no audio stream', oggOpus({ seconds: 2 }).subarray(0, 4)],
    ['FLAC with no STREAMINFO', new Uint8Array([...Buffer.from('fLaC'), 0x84, 0, 0, 0])],
    ['MP3 with no frame', new Uint8Array([...Buffer.from('ID3'), 4, 0, 0, 0, 0, 0, 0, 1, 2, 3])],
    ['M4A with no audio track', new Uint8Array([0, 0, 0, 16, ...Buffer.from('ftypM4A '), 0, 0, 0, 0])],
  ])('refuses %s as unreadable', (_name, bytes) => {
    expect(() => seconds(bytes)).toThrow(expect.objectContaining({ name: 'MediaUnreadableError' }))
  })
})
