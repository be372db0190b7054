/**
 * A trigram language model with interpolated Kneser-Ney smoothing, estimated once
 * (`estimateTrigrams`) and then either written in the ARPA text format PocketSphinx reads
 * (`writeArpa`) or queried in process with the same back-off rules (`backoffLog10`), so the
 * decoder and the transcript scorer read the same numbers. Small corpora only (tens of thousands
 * of words): words are numbered and n-grams keyed by their numbers, which is several times
 * cheaper than keys of joined words.
 */
export type WeightedSentence = { words: readonly string[]; weight: number }

const SENTENCE_START = '<s>'
const SENTENCE_END = '</s>'

/**
 * The estimate: the counts, from which each n-gram's log10 probability and back-off weight are
 * worked out when asked for, to the 6 decimals ARPA text holds. The ARPA writer asks for all of
 * them; the transcript scorer for the few a sentence needs.
 */
export type TrigramModel = {
  /** Word by number: `<s>` is 0, `</s>` 1. */
  words: readonly string[]
  ids: ReadonlyMap<string, number>
  /** Every word has one; `<s>` is never predicted (-99). */
  unigram(word: number): number
  /** Undefined where the model has no such n-gram. */
  bigram(first: number, second: number): number | undefined
  trigram(first: number, second: number, third: number): number | undefined
  /** The back-off weights of the one- and two-word histories that have one. */
  unigramBackoff(word: number): number | undefined
  bigramBackoff(first: number, second: number): number | undefined
  /** The n-grams the model has, in the order the ARPA text lists them. */
  bigrams(): Iterable<readonly [number, number]>
  trigrams(): Iterable<readonly [number, number, number]>
}

type Counts = Map<number, number>

function add(map: Counts, key: number, by = 1) {
  map.set(key, (map.get(key) ?? 0) + by)
}

/** D = n1 / (n1 + 2·n2), the usual estimate from how many n-grams were seen once and twice. */
function discount(counts: Counts): number {
  let once = 0
  let twice = 0
  for (const count of counts.values()) {
    if (count === 1) once += 1
    else if (count === 2) twice += 1
  }
  const value = once + 2 * twice === 0 ? 0.5 : once / (once + 2 * twice)
  return Math.min(0.9, Math.max(0.1, value))
}

/** Log10 as the ARPA text holds it: 6 decimals, -99 for a probability of 0. */
const stored = (value: number) => (value <= 0 ? -99 : Number(Math.log10(value).toFixed(6)))

/** Runs a step-wise computation to its end. */
function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
  }
}

function estimateTrigrams(sentences: readonly WeightedSentence[]): TrigramModel {
  return finish(estimateTrigramsInSteps(sentences))
}

/** About this many n-grams (or words) are handled between two steps. */
const ENTRIES_PER_STEP = 4096

/**
 * The estimate in steps of a few thousand n-grams, so that it can be spread over turns of the
 * event loop (see language-score.ts).
 */
export function* estimateTrigramsInSteps(sentences: readonly WeightedSentence[]): Generator<void, TrigramModel> {
  let done = 0
  const pause = (by = 1) => {
    done += by
    if (done < ENTRIES_PER_STEP) return false
    done = 0
    return true
  }

  const words = [SENTENCE_START, SENTENCE_END]
  const ids = new Map(words.map((word, id) => [word, id]))
  const numbered: { ids: number[]; weight: number }[] = []
  for (const { words: sentence, weight } of sentences) {
    if (sentence.length === 0) continue
    if (pause(sentence.length)) yield
    const padded = [0]
    for (const word of sentence) {
      let id = ids.get(word)
      if (id === undefined) {
        id = words.length
        ids.set(word, id)
        words.push(word)
      }
      padded.push(id)
    }
    padded.push(1)
    numbered.push({ ids: padded, weight })
  }
  const size = words.length
  const start = 0

  // Bigrams are keyed `first × words + second` and numbered as first seen; trigrams are keyed
  // `bigram number × words + third`, small enough to stay small integers, cheap as map keys.
  const bigramNumbers = new Map<number, number>()
  const bigramKeys: number[] = []
  const bigramCounts: number[] = []
  const trigrams: Counts = new Map()
  for (const { ids: padded, weight } of numbered) {
    if (pause(padded.length)) yield
    let previous = -1
    for (let i = 1; i < padded.length; i += 1) {
      const third = padded[i] ?? 0
      const key = (padded[i - 1] ?? 0) * size + third
      let number = bigramNumbers.get(key)
      if (number === undefined) {
        number = bigramKeys.length
        bigramNumbers.set(key, number)
        bigramKeys.push(key)
        bigramCounts.push(0)
      }
      bigramCounts[number] = (bigramCounts[number] ?? 0) + weight
      if (previous >= 0) add(trigrams, previous * size + third, weight)
      previous = number
    }
  }
  if (bigramKeys.length * size > Number.MAX_SAFE_INTEGER) throw new Error(`Too many words for a trigram model: ${size}`)
  /** A trigram's last two words, as a bigram key. */
  const suffix = (trigram: number) => ((bigramKeys[Math.floor(trigram / size)] ?? 0) % size) * size + (trigram % size)

  // Lower orders count in how many contexts a word sequence appears (Kneser-Ney), except after
  // <s>, which has no context to count.
  const bigramInput: Counts = new Map()
  for (const [number, key] of bigramKeys.entries()) {
    if (pause()) yield
    if (Math.floor(key / size) === start) bigramInput.set(key, bigramCounts[number] ?? 0)
  }
  for (const key of trigrams.keys()) {
    if (pause()) yield
    add(bigramInput, suffix(key))
  }
  const unigramInput: Counts = new Map()
  for (const key of bigramKeys) {
    if (pause()) yield
    add(unigramInput, key % size)
  }

  yield
  const [d1, d2, d3] = [discount(unigramInput), discount(bigramInput), discount(trigrams)]
  // Every word but <s> is predicted; <s> only starts sentences.
  const vocabularySize = size - 1
  let unigramSum = 0
  for (const count of unigramInput.values()) unigramSum += count
  const unigramProbability = new Float64Array(size)
  for (let word = 1; word < size; word += 1) {
    const count = unigramInput.get(word) ?? 0
    unigramProbability[word] =
      Math.max(count - d1, 0) / unigramSum + (d1 * unigramInput.size) / unigramSum / vocabularySize
  }

  // Per history (the key without its last word: a word, or a bigram's number): the total count
  // and how many distinct words followed it.
  function* histories(counts: Counts) {
    const totals = new Map<number, History>()
    for (const [key, count] of counts) {
      if (pause()) yield
      const history = Math.floor(key / size)
      const total = totals.get(history) ?? { sum: 0, types: 0 }
      total.sum += count
      total.types += 1
      totals.set(history, total)
    }
    return totals
  }
  const bigramHistories = yield* histories(bigramInput)
  const trigramHistories = yield* histories(trigrams)

  return queryable({
    words,
    ids,
    bigramNumbers,
    bigramKeys,
    bigramInput,
    trigrams,
    unigramProbability,
    bigramHistories,
    trigramHistories,
    d2,
    d3,
  })
}

type History = { sum: number; types: number }

/**
 * The model's entries from the counts the estimate keeps (and nothing else, so that the counts it
 * needed only on the way are collected).
 */
function queryable(counts: {
  words: string[]
  ids: Map<string, number>
  bigramNumbers: Map<number, number>
  bigramKeys: number[]
  bigramInput: Counts
  trigrams: Counts
  unigramProbability: Float64Array
  bigramHistories: Map<number, History>
  trigramHistories: Map<number, History>
  d2: number
  d3: number
}): TrigramModel {
  const { words, ids, bigramNumbers, bigramKeys, bigramInput, trigrams, unigramProbability } = counts
  const { bigramHistories, trigramHistories, d2, d3 } = counts
  const size = words.length
  const start = 0
  const bigramGamma = (history: number) => {
    const total = bigramHistories.get(history)
    return total ? (d2 * total.types) / total.sum : 1
  }
  const trigramGamma = (history: number) => {
    const total = trigramHistories.get(history)
    return total ? (d3 * total.types) / total.sum : undefined
  }
  const bigramProbability = (key: number) => {
    const count = bigramInput.get(key)
    const history = Math.floor(key / size)
    const total = bigramHistories.get(history)
    if (count === undefined || !total) return undefined
    return Math.max(count - d2, 0) / total.sum + bigramGamma(history) * (unigramProbability[key % size] ?? 0)
  }
  const lowerBigram = (key: number) =>
    bigramProbability(key) ?? bigramGamma(Math.floor(key / size)) * (unigramProbability[key % size] ?? 0)

  return {
    words,
    ids,
    unigram: (word) => (word === start ? -99 : stored(unigramProbability[word] ?? 0)),
    bigram(first, second) {
      const probability = bigramProbability(first * size + second)
      return probability === undefined ? undefined : stored(probability)
    },
    trigram(first, second, third) {
      const history = bigramNumbers.get(first * size + second)
      if (history === undefined) return undefined
      const count = trigrams.get(history * size + third)
      const total = trigramHistories.get(history)
      if (count === undefined || !total) return undefined
      const probability =
        Math.max(count - d3, 0) / total.sum + (trigramGamma(history) ?? 0) * lowerBigram(second * size + third)
      return stored(probability)
    },
    unigramBackoff: (word) => (word === start || bigramHistories.has(word) ? stored(bigramGamma(word)) : undefined),
    bigramBackoff(first, second) {
      const key = first * size + second
      const history = bigramNumbers.get(key)
      const gamma = history !== undefined && bigramInput.has(key) ? trigramGamma(history) : undefined
      return gamma === undefined ? undefined : stored(gamma)
    },
    *bigrams() {
      for (const key of bigramInput.keys()) yield [Math.floor(key / size), key % size] as const
    },
    *trigrams() {
      for (const key of trigrams.keys()) {
        const history = bigramKeys[Math.floor(key / size)] ?? 0
        yield [Math.floor(history / size), history % size, key % size] as const
      }
    },
  }
}

/**
 * Log10 P(word | history) by the standard back-off: the longest n-gram the model has, plus the
 * back-off weights of the histories left out; `unseen` stands for the unigram of a word the model
 * never has.
 */
export function backoffLog10(model: TrigramModel, history: readonly string[], word: string, unseen: number): number {
  const id = (text: string | undefined) => (text === undefined ? -1 : (model.ids.get(text) ?? -1))
  const third = id(word)
  const first = history.length >= 2 ? id(history.at(-2)) : -1
  const second = history.length >= 1 ? id(history.at(-1)) : -1
  const unigram = () => (third >= 0 ? model.unigram(third) : unseen)
  const bigram = () => {
    if (second < 0) return unigram()
    const known = third >= 0 ? model.bigram(second, third) : undefined
    return known ?? (model.unigramBackoff(second) ?? 0) + unigram()
  }
  if (first < 0 || second < 0) return bigram()
  const known = third >= 0 ? model.trigram(first, second, third) : undefined
  return known ?? (model.bigramBackoff(first, second) ?? 0) + bigram()
}

function writeArpa(model: TrigramModel): string {
  const { words } = model
  const text = (value: number) => value.toFixed(6)
  const withBackoff = (line: string, backoff: number | undefined) =>
    backoff === undefined ? line : `${line} ${text(backoff)}`
  const unigramLines = [withBackoff(`-99 ${SENTENCE_START}`, model.unigramBackoff(0))]
  const predicted = words.map((word, id) => ({ word, id })).filter(({ id }) => id !== 0)
  predicted.sort((a, b) => (a.word < b.word ? -1 : 1))
  for (const { id, word } of predicted)
    unigramLines.push(withBackoff(`${text(model.unigram(id))} ${word}`, model.unigramBackoff(id)))
  const bigramLines: string[] = []
  for (const [first, second] of model.bigrams())
    bigramLines.push(
      withBackoff(
        `${text(model.bigram(first, second) ?? -99)} ${words[first]} ${words[second]}`,
        model.bigramBackoff(first, second),
      ),
    )
  const trigramLines: string[] = []
  for (const [first, second, third] of model.trigrams())
    trigramLines.push(
      `${text(model.trigram(first, second, third) ?? -99)} ${words[first]} ${words[second]} ${words[third]}`,
    )

  return [
    '\\data\\',
    `ngram 1=${unigramLines.length}`,
    `ngram 2=${bigramLines.length}`,
    `ngram 3=${trigramLines.length}`,
    '',
    '\\1-grams:',
    ...unigramLines,
    '',
    '\\2-grams:',
    ...bigramLines,
    '',
    '\\3-grams:',
    ...trigramLines,
    '',
    '\\end\\',
    '',
  ].join('\n')
}

export function buildArpa(sentences: readonly WeightedSentence[]): string {
  return writeArpa(estimateTrigrams(sentences))
}
