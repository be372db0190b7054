/**
 * Scores a transcript under the interview language model: a trigram model estimated as the
 * interview decoder's is (ngram.ts over corpus.ts, but keeping the few words the decoder cannot
 * pronounce) and queried by the back-off rules the decoder applies, so a transcript can be judged by how much it reads like
 * interview language. Words the corpus never has are counted apart: the generic decoder can
 * produce them, the interview decoder cannot.
 */
import { interviewCorpus, type CorpusSentence } from './corpus.ts'
import { backoffLog10, estimateTrigramsInSteps, type WeightedSentence } from './ngram.ts'
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

export type LanguageModel = { score(words: readonly string[]): LanguageScore }

/** A word the corpus never has costs as much as a word seen once in a million. */
const UNEXPECTED_LOG10 = -6

/** A model being built: finished at once, or a few milliseconds per turn of the event loop. */
export type LanguageModelBuild = {
  finish(): LanguageModel
  finishInSlices(sliceMs?: number): Promise<LanguageModel>
}

const SENTENCES_PER_STEP = 2048

/**
 * Starts building the model. Both ways of finishing drive the same steps, so a transcript that
 * needs the model while it is being built in slices finishes what is left at once.
 */
export function startLanguageModel(corpus?: readonly CorpusSentence[]): LanguageModelBuild {
  // Let go once done: the steps hold the corpus and the counts needed only on the way.
  let steps: Generator<void, LanguageModel> | undefined = languageModelSteps(corpus)
  let model: LanguageModel | undefined
  // A build that threw keeps throwing: its steps are over and would never give a model.
  let failure: Error | undefined
  const step = (): LanguageModel | undefined => {
    if (failure) throw failure
    try {
      const next = steps?.next()
      if (next?.done) {
        model = next.value
        steps = undefined
      }
      return model
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error))
      throw failure
    }
  }
  return {
    finish() {
      for (;;) {
        const done = step()
        if (done) return done
      }
    },
    async finishInSlices(sliceMs = 8) {
      for (;;) {
        const until = performance.now() + sliceMs
        let done = step()
        while (!done && performance.now() < until) done = step()
        if (done) return done
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
  }
}

export function createLanguageModel(corpus?: readonly CorpusSentence[]): LanguageModel {
  return startLanguageModel(corpus).finish()
}

function* languageModelSteps(corpus: readonly CorpusSentence[] | undefined): Generator<void, LanguageModel> {
  const sentences: WeightedSentence[] = []
  for (const { text, weight } of corpus ?? interviewCorpus()) {
    sentences.push({ words: spokenTokens(text).map(({ word }) => word), weight })
    if (sentences.length % SENTENCES_PER_STEP === 0) yield
  }
  const model = yield* estimateTrigramsInSteps(sentences)
  const probability = (history: readonly string[], word: string) => backoffLog10(model, history, word, UNEXPECTED_LOG10)

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
      const unexpected = spoken.filter((word) => !model.ids.has(word)).length
      const tokens = padded.length - 1
      return { meanLog10: total / tokens, meanContextGain: gain / tokens, endLog10, unexpected, words: spoken.length }
    },
  }
}
