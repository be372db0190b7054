/**
 * The confidence an OpenAI-compatible transcription reports about itself (decision 0055): read
 * from what its answer carries, never made up when it carries nothing.
 */
import { describe, expect, it } from 'vitest'
import { transcriptionConfidence } from '#server/ai/providers/transcription-confidence.ts'

const segment = (start: number, end: number, avgLogprob: number, noSpeech: number) => ({
  id: 0,
  seek: 0,
  start,
  end,
  text: 'words',
  tokens: [],
  temperature: 0,
  avg_logprob: avgLogprob,
  compression_ratio: 1,
  no_speech_prob: noSpeech,
})

describe('the confidence of a provider transcription', () => {
  it('given verbose_json segments, when read, then each is exp(avg_logprob)·(1 − no_speech_prob), weighted by duration', () => {
    const body = { text: 'words words', segments: [segment(0, 1, Math.log(0.9), 0), segment(1, 4, Math.log(0.5), 0.2)] }
    expect(transcriptionConfidence(body)).toBe(Math.round(((0.9 * 1 + 0.5 * 0.8 * 3) / 4) * 1000) / 1000)
  })

  it('given a segment that is most likely no speech, when read, then the confidence is low', () => {
    expect(transcriptionConfidence({ segments: [segment(0, 2, -0.1, 0.95)] })).toBeLessThan(0.1)
  })

  it('given token logprobs (gpt-4o-transcribe), when read, then it is exp of their mean', () => {
    const body = {
      text: 'hi there',
      logprobs: [
        { token: 'hi', logprob: Math.log(0.8) },
        { token: ' there', logprob: Math.log(0.2) },
      ],
    }
    expect(transcriptionConfidence(body)).toBe(Math.round(Math.sqrt(0.8 * 0.2) * 1000) / 1000)
  })

  it('given a plain json answer or no body, when read, then the confidence is unknown', () => {
    expect(transcriptionConfidence({ text: 'hello' })).toBeUndefined()
    expect(transcriptionConfidence(undefined)).toBeUndefined()
    expect(transcriptionConfidence('hello')).toBeUndefined()
    expect(transcriptionConfidence({ text: 'x', segments: [{ text: 'x' }] })).toBeUndefined()
  })
})
