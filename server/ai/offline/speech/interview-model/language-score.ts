/**
 * Scores a transcript under the interview language model: a trigram model estimated as the
 * interview decoder's is (ngram.ts over corpus.ts, but keeping the few words the decoder cannot
 * pronounce), read back in process, so a transcript can be judged by how much it reads like
 * interview language. Words the corpus never has are counted apart: the generic decoder can
 * produce them, the interview decoder cannot.
 */
import { interviewCorpus, type CorpusSentence } from './corpus.ts'
import { buildArpa } from './ngram.ts'
import { spokenTokens } from './spoken-words.ts'

export type LanguageScore = {
  /** Mean log10 probability per predicted token (each word and the sentence end); 0 for no words. */
  meanLog10: number
  /**
   * Mean log10 of how much likelier each token is after its history than on its own (the model's
   * probability over the unigram's): near 0 or below for words in an order interviews do not use,
   * however rare the words themselves are.
   */
  meanContextGain: number
  /** Log10 probability that the sentence ends where the transcript does: low for one cut off mid-phrase. */
  endLog10: number
  /** Words the interview corpus never has. */
  unexpected: number
  words: number
}

type Entry = { log10: number; backoff: number }

export type LanguageModel = { score(words: readonly string[]): LanguageScore }

/** A word the corpus never has costs as much as a word seen once in a million. */
const UNEXPECTED_LOG10 = -6

export function parseArpa(arpa: string): Map<string, Entry> {
  const entries = new Map<string, Entry>()
  let order = 0
  for (const line of arpa.split('\n')) {
    const section = /^\\(\d)-grams:$/.exec(line)
    if (section) {
      order = Number(section[1])
      continue
    }
    if (order === 0 || line === '' || line.startsWith('\\')) continue
    const fields = line.split(' ')
    const log10 = Number(fields[0])
    const key = fields.slice(1, order + 1).join(' ')
    const backoff = fields.length > order + 1 ? Number(fields[order + 1]) : 0
    entries.set(key, { log10, backoff })
  }
  return entries
}

export function createLanguageModel(corpus: readonly CorpusSentence[] = interviewCorpus()): LanguageModel {
  const sentences = corpus.map(({ text, weight }) => ({ words: spokenTokens(text).map(({ word }) => word), weight }))
  const entries = parseArpa(buildArpa(sentences))

  /** Standard back-off: the longest n-gram the model has, plus the back-off weights of its histories. */
  function probability(history: readonly string[], word: string): number {
    const known = entries.get([...history, word].join(' '))
    if (known) return known.log10
    if (history.length === 0) return UNEXPECTED_LOG10
    return (entries.get(history.join(' '))?.backoff ?? 0) + probability(history.slice(1), word)
  }

  return {
    score(words) {
      const spoken = words.map((word) => word.toLowerCase())
      if (spoken.length === 0) return { meanLog10: 0, meanContextGain: 0, endLog10: 0, unexpected: 0, words: 0 }
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
      const unexpected = spoken.filter((word) => !entries.has(word)).length
      const tokens = padded.length - 1
      return { meanLog10: total / tokens, meanContextGain: gain / tokens, endLog10, unexpected, words: spoken.length }
    },
  }
}
