/**
 * The transcript's confidence from PocketSphinx's word posteriors (decision 0055) times how
 * plausible its words are as interview language (decision 0123), and the threshold below which a
 * spoken question is returned for confirmation instead of answered.
 */
import { describe, expect, it } from 'vitest'
import { parseDecoderOutput } from '#server/ai/offline/speech/decoder-output.ts'
import { posteriorConfidence, transcriptConfidence } from '#server/ai/offline/speech/transcript-confidence.ts'
import { mayFollowUp, needsConfirmation, TRANSCRIPT_CONFIDENCE_THRESHOLD } from '#server/ai/transcript-confirmation.ts'

// What pocketsphinx_continuous -time yes printed for espeak-ng's en-us+klatt "What is a hash map?".
const clearQuestion = `what is a hash map
<s> 0.000 0.270 1.000100
what 0.280 0.520 0.823557
is 0.530 0.660 0.775126
a 0.670 0.740 0.850085
hash 0.750 1.100 0.477646
map 1.110 1.590 0.979902
</s> 1.600 1.950 1.000000
`
// The same program on en-gb speech mixed with pink noise: content words it barely believed.
const garbled = `build a feed the less depth
<s> 0.000 0.310 0.998000
build 0.320 0.610 0.120000
a 0.620 0.680 0.040000
feed(2) 0.690 1.050 0.210000
the 1.060 1.130 0.030000
[NOISE] 1.140 1.400 0.900000
less 1.410 1.700 0.350000
depth 1.710 2.100 0.280000
<sil> 2.110 2.300 0.990000
</s> 2.310 2.500 1.000000
`

describe('reading the decoder output', () => {
  it('given two utterances, when parsed, then the text joins the hypotheses and the words drop markers, fillers and variant numbers', () => {
    const output = parseDecoderOutput(`${clearQuestion}\n${garbled}`)
    expect(output.text).toBe('what is a hash map build a feed the less depth')
    expect(output.words.map(({ word }) => word)).toEqual([
      ...['what', 'is', 'a', 'hash', 'map'],
      ...['build', 'a', 'feed', 'the', 'less', 'depth'],
    ])
    expect(output.words[0]).toEqual({ word: 'what', start: 0.28, end: 0.52, posterior: 0.823557 })
  })

  it('given an utterance with nothing recognised, when parsed, then there is no text and no word', () => {
    expect(parseDecoderOutput('\n<s> 0.000 0.050 1.000000\n</s> 0.060 0.980 1.000000\n')).toEqual({
      text: '',
      words: [],
    })
  })

  it('given a posterior printed a hair above 1, when parsed, then it is read as 1', () => {
    expect(parseDecoderOutput('hi\nhi 0.000 0.200 1.000100\n').words[0]?.posterior).toBe(1)
  })
})

/** Words a third of a second each, all at one posterior: the acoustic confidence is that posterior. */
const said = (text: string, posterior: number) =>
  text.split(' ').map((word, i) => ({ word, start: i * 0.3, end: i * 0.3 + 0.3, posterior }))

describe('the confidence of a transcript', () => {
  it('given clear speech, when scored, then the long content words decide and it is above the threshold', () => {
    const confidence = transcriptConfidence(parseDecoderOutput(clearQuestion).words)
    expect(confidence).toBe(0.784)
    expect(confidence).toBeGreaterThan(TRANSCRIPT_CONFIDENCE_THRESHOLD)
  })

  it('given garbled speech, when scored, then it is below the threshold', () => {
    expect(transcriptConfidence(parseDecoderOutput(garbled).words)).toBeLessThan(TRANSCRIPT_CONFIDENCE_THRESHOLD)
  })

  it('given one word stretched over a second of noise at posterior 1, when scored, then it counts as wrong', () => {
    const noise = transcriptConfidence([{ word: 'thigh', start: 0.03, end: 1, posterior: 1 }])
    expect(noise).toBe(0)
    const drawnOut = posteriorConfidence([{ word: 'map', start: 1.11, end: 1.59, posterior: 0.98 }])
    expect(drawnOut).toBe(0.98)
  })

  it('given words of equal posterior, when scored, then the mean is weighted by duration', () => {
    const words = [
      { word: 'the', start: 0, end: 0.1, posterior: 0.1 },
      { word: 'kubernetes', start: 0.1, end: 1, posterior: 0.9 },
    ]
    expect(posteriorConfidence(words)).toBe(0.82)
  })

  it('given a transcript that stops mid-phrase, when scored, then it needs confirmation however sure its words are', () => {
    for (const cut of [
      'what is the difference between',
      'how does a hash map work with the',
      'explain the event loop and',
    ])
      expect(transcriptConfidence(said(cut, 0.95)), cut).toBeLessThan(TRANSCRIPT_CONFIDENCE_THRESHOLD)
    for (const whole of ['what is the difference between tcp and udp', 'what would you do', 'why is that'])
      expect(needsConfirmation(transcriptConfidence(said(whole, 0.95))), whole).toBe(false)
  })

  it('given no words, when scored, then the confidence is 0', () => {
    expect(transcriptConfidence([])).toBe(0)
  })
})

// Posteriors as sure as those of the misheard questions that were answered (0.57–0.81).
describe('the words of a transcript, as interview language', () => {
  it('given word salad the decoder was fairly sure of, when scored, then it needs confirmation', () => {
    for (const [salad, posterior] of [
      ['what is the different between a stack and cue', 0.66],
      ['what is the different between a stack and cue the', 0.81],
      ['the geneva on google dot com to see all the big', 0.8],
      ['where are you reach foreign know instead of reddit t s', 0.66],
      ['kabul', 0.85],
    ] as const)
      expect(needsConfirmation(transcriptConfidence(said(salad, posterior))), salad).toBe(true)
  })

  it('given a question cut off where no question stops, when scored, then it needs confirmation', () => {
    for (const cut of ['how do you', 'what is the different between a stack and'])
      expect(needsConfirmation(transcriptConfidence(said(cut, 0.66))), cut).toBe(true)
  })

  it('given well-formed interview questions, when scored, then the words take nothing off the confidence', () => {
    for (const question of [
      'what is the difference between a stack and a queue',
      'how does garbage collection work in java',
      'describe a project you are proud of',
      'what are you looking for in your next role',
      'tell me about yourself',
      'explain dependency injection',
      'what is the time complexity of quicksort',
      'how would you design a url shortener',
      'why do you want to leave your current employer',
    ])
      expect(transcriptConfidence(said(question, 0.66)), question).toBe(0.66)
  })

  it('given a question that ends on a preposition as questions often do, when scored, then it is not taken for a cut-off', () => {
    for (const question of ['describe a project you are proud of', 'what kind of team are you looking for'])
      expect(needsConfirmation(transcriptConfidence(said(question, 0.66))), question).toBe(false)
  })

  it('given a well-formed question in rarer words, when scored, then one rule lowers it but it is still answered', () => {
    const confidence = transcriptConfidence(said('containers versus virtual machines', 0.75))
    expect(confidence).toBeLessThan(0.75)
    expect(needsConfirmation(confidence)).toBe(false)
  })
})

describe('short follow-ups', () => {
  it('given a short follow-up heard fairly surely, when scored, then the words take nothing off and it may follow up', () => {
    for (const followUp of ['why is that', 'how so', 'what else', 'can you elaborate', 'for example', 'go on'])
      expect(transcriptConfidence(said(followUp, 0.7)), followUp).toBe(0.7)
    expect(mayFollowUp(transcriptConfidence(said('why is that', 0.7)))).toBe(true)
  })

  it('given one word, even a follow-up one, when scored, then it is still too little for a question', () => {
    expect(transcriptConfidence(said('why', 0.9))).toBeLessThan(0.6)
  })

  it('given two words that are no follow-up, when scored, then they are still too few', () => {
    expect(transcriptConfidence(said('hash map', 0.7))).toBeLessThan(0.7)
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
