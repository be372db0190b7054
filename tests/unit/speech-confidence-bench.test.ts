/**
 * The speech confidence bench's figures (decision 0123): bad, middling and good transcripts
 * flagged for confirmation, and the share of good transcripts per confidence band.
 */
import { describe, expect, it } from 'vitest'
import { calibrationFigures, flaggingFigures, type Judged } from '#scripts/bench/speech-confidence-bench.ts'

const judged = (wer: number, confidence: number | undefined, acoustic = confidence): Judged => ({
  reference: 'what is a hash map',
  text: 'what is a hash map',
  condition: 'clean',
  wer,
  confidence,
  acoustic,
})

describe('the speech confidence bench figures', () => {
  const transcripts = [
    judged(1, 0.3, 0.5),
    judged(0.8, 0.7),
    judged(0.6, undefined),
    judged(0.4, 0.44),
    judged(0.1, 0.9),
    judged(0, 0.5),
  ]

  it('given transcripts in each band, when counted, then a failed transcription counts as flagged and each band is its own', () => {
    expect(flaggingFigures('development', transcripts, (one) => one.confidence)).toEqual([
      { name: 'development: bad transcripts (WER > 50 %) flagged', flagged: 2, of: 3 },
      { name: 'development: middling transcripts (20–50 %) flagged', flagged: 1, of: 1 },
      { name: 'development: good transcripts (WER ≤ 20 %) flagged', flagged: 0, of: 2 },
    ])
    expect(flaggingFigures('test', transcripts, (one) => one.acoustic)[0]).toMatchObject({ flagged: 1, of: 3 })
  })

  it('given transcripts, when calibrated, then each confidence band gives its share of good ones', () => {
    expect(calibrationFigures('test', transcripts).map(({ value, note }) => [Math.round(value), note])).toEqual([
      [0, '0/3'],
      [100, '1/1'],
      [50, '1/2'],
    ])
  })
})
