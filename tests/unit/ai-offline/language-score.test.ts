/**
 * Scoring words under the interview trigram model (decision 0123): how much likelier each word is
 * after the words before it than on its own, where the sentence may end, and words the corpus
 * never has.
 */
import { describe, expect, it } from 'vitest'
import { parseArpaEntries } from '#scripts/bench/transcript-scorer-bench.ts'
import { developmentPart } from '#server/ai/offline/eval/development-part.ts'
import { interviewCorpus } from '#server/ai/offline/speech/interview-model/corpus.ts'
import {
  createLanguageModel,
  startLanguageModel,
  type LanguageScore,
} from '#server/ai/offline/speech/interview-model/language-score.ts'
import { buildArpa } from '#server/ai/offline/speech/interview-model/ngram.ts'
import { spokenTokens } from '#server/ai/offline/speech/interview-model/spoken-words.ts'

const corpus = [
  { text: 'what is a hash map', weight: 3 },
  { text: 'what is a linked list', weight: 3 },
  { text: 'how does a hash map work', weight: 3 },
  { text: 'explain the event loop', weight: 1 },
]
const words = (text: string) => text.split(' ')

describe('the interview language score', () => {
  const model = createLanguageModel(corpus)

  it('given the words of a corpus sentence, when scored, then each gains from its context more than the same words shuffled', () => {
    const sentence = model.score(words('what is a hash map'))
    const shuffled = model.score(words('map hash a is what'))
    expect(sentence.meanContextGain).toBeGreaterThan(0.3)
    expect(shuffled.meanContextGain).toBeLessThan(sentence.meanContextGain - 0.3)
    expect(sentence.meanLog10).toBeGreaterThan(shuffled.meanLog10)
  })

  it('given words cut off mid-sentence, when scored, then the sentence end is less likely than after a whole one', () => {
    expect(model.score(words('how does a')).endLog10).toBeLessThan(
      model.score(words('how does a hash map work')).endLog10 - 1,
    )
  })

  it('given words the corpus never has, when scored, then they are counted', () => {
    expect(model.score(words('what is a cash grab'))).toMatchObject({ unexpected: 2, words: 5 })
    expect(model.score([])).toEqual({ meanLog10: 0, meanContextGain: 0, endLog10: 0, unexpected: 0, words: 0 })
  })

  it('given a model built in slices, when a transcript needs it half way, then it is finished at once and is the same model', async () => {
    const build = startLanguageModel(corpus)
    const sliced = build.finishInSlices(0)
    const atOnce = build.finish()
    expect(await sliced).toBe(atOnce)
    expect(atOnce.score(words('what is a hash map'))).toEqual(model.score(words('what is a hash map')))
  })
})

/**
 * The scorer as decision 0123 first built it: the ARPA text the decoder reads, parsed back into
 * entries of joined words and read by the standard back-off.
 */
function scoreFromArpa(entries: ReturnType<typeof parseArpaEntries>, spoken: readonly string[]): LanguageScore {
  const probability = (history: readonly string[], word: string): number => {
    const known = entries.get([...history, word].join(' '))
    if (known) return known.log10
    if (history.length === 0) return -6
    return (entries.get(history.join(' '))?.backoff ?? 0) + probability(history.slice(1), word)
  }
  const padded = ['<s>', ...spoken, '</s>']
  let total = 0
  let gain = 0
  let endLog10 = 0
  for (let i = 1; i < padded.length; i += 1) {
    const word = padded[i] ?? ''
    const log10 = probability(padded.slice(Math.max(0, i - 2), i), word)
    total += log10
    gain += log10 - probability([], word)
    endLog10 = log10
  }
  const tokens = padded.length - 1
  return {
    meanLog10: total / tokens,
    meanContextGain: gain / tokens,
    endLog10,
    unexpected: spoken.filter((word) => !entries.has(word)).length,
    words: spoken.length,
  }
}

describe('the scorer and the ARPA text the decoder reads', () => {
  it(
    'given the interview corpus, when sentences are scored, then the scores are those of the ARPA text parsed back, to the last bit',
    { timeout: 60_000 },
    () => {
      const corpus = interviewCorpus()
      const entries = parseArpaEntries(
        buildArpa(corpus.map(({ text, weight }) => ({ words: spokenTokens(text).map(({ word }) => word), weight }))),
      )
      const model = createLanguageModel(corpus)
      const sentences = [
        ...developmentPart.questions.filter((_, index) => index % 4 === 0).map(({ question }) => question),
        ...developmentPart.followUps.map(({ question }) => question),
        'what is the different between a stack and cue the',
        'where are you reach foreign know instead of reddit t s',
        'how do you',
        'why is that',
        'kabul',
      ].map((text) => spokenTokens(text).map(({ word }) => word))
      expect(sentences.length).toBeGreaterThan(40)
      // Sentences the scorer has to back off for, as well as ones it knows.
      expect(sentences.filter((spoken) => model.score(spoken).meanContextGain < 0.7).length).toBeGreaterThan(3)
      for (const spoken of sentences)
        expect(model.score(spoken), spoken.join(' ')).toEqual(scoreFromArpa(entries, spoken))
    },
  )

  it('given ARPA text, when parsed, then each n-gram has its log probability and back-off weight', () => {
    const entries = parseArpaEntries(
      '\\data\\\nngram 1=2\n\n\\1-grams:\n-0.5 a -0.2\n-0.7 b\n\n\\2-grams:\n-0.1 a b\n\n\\end\\\n',
    )
    expect(entries.get('a')).toEqual({ log10: -0.5, backoff: -0.2 })
    expect(entries.get('b')).toEqual({ log10: -0.7, backoff: 0 })
    expect(entries.get('a b')).toEqual({ log10: -0.1, backoff: 0 })
  })
})
