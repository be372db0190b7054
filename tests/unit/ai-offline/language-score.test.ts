/**
 * Scoring words under the interview trigram model (decision 0123): how much likelier each word is
 * after the words before it than on its own, where the sentence may end, and words the corpus
 * never has.
 */
import { describe, expect, it } from 'vitest'
import { createLanguageModel, parseArpa } from '#server/ai/offline/speech/interview-model/language-score.ts'

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

  it('given ARPA text, when parsed, then each n-gram has its log probability and back-off weight', () => {
    const entries = parseArpa(
      '\\data\\\nngram 1=2\n\n\\1-grams:\n-0.5 a -0.2\n-0.7 b\n\n\\2-grams:\n-0.1 a b\n\n\\end\\\n',
    )
    expect(entries.get('a')).toEqual({ log10: -0.5, backoff: -0.2 })
    expect(entries.get('b')).toEqual({ log10: -0.7, backoff: 0 })
    expect(entries.get('a b')).toEqual({ log10: -0.1, backoff: 0 })
  })
})
