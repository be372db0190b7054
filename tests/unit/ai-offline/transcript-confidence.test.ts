/**
 * The transcript's confidence from PocketSphinx's word posteriors, and the threshold below which
 * a spoken question is returned for confirmation instead of answered (decision 0055).
 */
import { describe, expect, it } from 'vitest'
import { parseDecoderOutput } from '#server/ai/offline/speech/decoder-output.ts'
import { transcriptConfidence } from '#server/ai/offline/speech/transcript-confidence.ts'
import { needsConfirmation, TRANSCRIPT_CONFIDENCE_THRESHOLD } from '#server/ai/transcript-confirmation.ts'

// What pocketsphinx_batch -backtrace yes logged for espeak-ng's en-us+klatt "What is a hash map?".
const clearQuestion = `INFO: pocketsphinx.c(1168): what is a hash map (-7413)
word                 start end   pprob ascr       lscr       lback
<s>                  0     27    1.000 -155648    0          1
what                 28    52    0.824 -610304    -290       2
is                   53    66    0.775 -313344    -221       3
a                    67    74    0.850 -193536    -124       3
hash                 75    110   0.478 -885760    -681       1
map                  111   159   0.980 -1104896   -566       2
</s>                 160   195   1.000 -885760    -111       2
INFO: batch.c(760): clip1: 1.95 seconds speech, 0.61 seconds CPU, 0.62 seconds wall
what is a hash map (clip1 -7413)`.split('\n')
// The same program on en-gb speech mixed with pink noise: content words it barely believed.
const garbled = `INFO: pocketsphinx.c(1168): build a feed the less depth (-17705)
word                 start end   pprob ascr       lscr       lback
<s>                  0     31    0.998 -1579008   0          1
build                32    61    0.120 -1417216   -190       2
a                    62    68    0.040 -1260544   -524288    2
feed(2)              69    105   0.210 -2423808   -566       1
the                  106   113   0.030 -2125824   -100       2
[NOISE]              114   140   0.900 -1615872   -686       1
less                 141   170   0.350 -471040    -326       1
depth                171   210   0.280 -691200    -89        2
<sil>                211   230   0.990 -1528832   -524288    1
</s>                 231   250   1.000 -1174528   -113       2
build a feed the less depth (clip2 -17705)`.split('\n')

describe('reading the decoder output', () => {
  it("given a clip's log lines, when parsed, then the text is its hypothesis and the words drop markers, fillers and variant numbers", () => {
    const output = parseDecoderOutput(garbled, 'clip2')
    expect(output.text).toBe('build a feed the less depth')
    expect(output.words.map(({ word }) => word)).toEqual(['build', 'a', 'feed', 'the', 'less', 'depth'])
    expect(parseDecoderOutput(clearQuestion, 'clip1').words[0]).toEqual({
      word: 'what',
      start: 0.28,
      end: 0.52,
      posterior: 0.824,
    })
  })

  it('given a clip with nothing recognised, when parsed, then there is no text and no word', () => {
    const silence = [
      'INFO: pocketsphinx.c(1168):  (-448)',
      '<s> 0 92 1.000 -111616 0 1',
      '</s> 93 98 1.000 -111616 -364 1',
    ]
    expect(parseDecoderOutput([...silence, ' (clip3 -448)'], 'clip3')).toEqual({ text: '', words: [] })
    expect(parseDecoderOutput([' (clip4 0)'], 'clip4')).toEqual({ text: '', words: [] })
  })

  it('given a posterior printed a hair above 1, when parsed, then it is read as 1', () => {
    const lines = ['hi 0 20 1.0001 -1 -1 1', 'hi (clip5 -1)']
    expect(parseDecoderOutput(lines, 'clip5').words[0]?.posterior).toBe(1)
  })
})

describe('the confidence of a transcript', () => {
  it('given clear speech, when scored, then the long content words decide and it is above the threshold', () => {
    const confidence = transcriptConfidence(parseDecoderOutput(clearQuestion, 'clip1').words)
    expect(confidence).toBe(0.784)
    expect(confidence).toBeGreaterThan(TRANSCRIPT_CONFIDENCE_THRESHOLD)
  })

  it('given garbled speech, when scored, then it is below the threshold', () => {
    expect(transcriptConfidence(parseDecoderOutput(garbled, 'clip2').words)).toBeLessThan(
      TRANSCRIPT_CONFIDENCE_THRESHOLD,
    )
  })

  it('given one word stretched over a second of noise at posterior 1, when scored, then it counts as wrong', () => {
    const noise = transcriptConfidence([{ word: 'thigh', start: 0.03, end: 1, posterior: 1 }])
    expect(noise).toBe(0)
    const drawnOut = transcriptConfidence([{ word: 'map', start: 1.11, end: 1.59, posterior: 0.98 }])
    expect(drawnOut).toBe(0.98)
  })

  it('given words of equal posterior, when scored, then the mean is weighted by duration', () => {
    const words = [
      { word: 'the', start: 0, end: 0.1, posterior: 0.1 },
      { word: 'kubernetes', start: 0.1, end: 1, posterior: 0.9 },
    ]
    expect(transcriptConfidence(words)).toBe(0.82)
  })

  it('given a transcript that stops mid-phrase, when scored, then it needs confirmation however sure its words are', () => {
    const said = (text: string) =>
      text.split(' ').map((word, i) => ({ word, start: i * 0.3, end: i * 0.3 + 0.3, posterior: 0.95 }))
    for (const cut of [
      'what is the difference between',
      'how does a hash map work with the',
      'explain the event loop and',
    ])
      expect(transcriptConfidence(said(cut)), cut).toBeLessThan(TRANSCRIPT_CONFIDENCE_THRESHOLD)
    for (const whole of ['what is the difference between tcp and udp', 'what would you do', 'why is that'])
      expect(transcriptConfidence(said(whole)), whole).toBe(0.95)
  })

  it('given no words, when scored, then the confidence is 0', () => {
    expect(transcriptConfidence([])).toBe(0)
  })
})

describe('the confirmation decision', () => {
  it('given a confidence below the threshold, when decided, then the transcript needs confirmation', () => {
    expect(needsConfirmation(TRANSCRIPT_CONFIDENCE_THRESHOLD - 0.001)).toBe(true)
    expect(needsConfirmation(0)).toBe(true)
  })

  it('given a confidence at or above the threshold, when decided, then it is answered', () => {
    expect(needsConfirmation(TRANSCRIPT_CONFIDENCE_THRESHOLD)).toBe(false)
    expect(needsConfirmation(1)).toBe(false)
  })

  it('given a recognizer that reports no confidence, when decided, then it is answered (no number is made up)', () => {
    expect(needsConfirmation(undefined)).toBe(false)
  })
})
