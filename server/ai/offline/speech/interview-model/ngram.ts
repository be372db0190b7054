/**
 * A trigram language model with interpolated Kneser-Ney smoothing, written in the ARPA text
 * format PocketSphinx reads. Small corpora only (tens of thousands of words): everything is held
 * in maps keyed by space-joined words.
 */
export type WeightedSentence = { words: readonly string[]; weight: number }

const start = '<s>'
const end = '</s>'

type Counts = Map<string, number>

function add(map: Counts, key: string, by = 1) {
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

/** Per history: the total count and how many distinct words followed it. */
function histories(counts: Counts) {
  const totals = new Map<string, { sum: number; types: number }>()
  for (const [key, count] of counts) {
    const history = key.slice(0, key.lastIndexOf(' '))
    const total = totals.get(history) ?? { sum: 0, types: 0 }
    total.sum += count
    total.types += 1
    totals.set(history, total)
  }
  return totals
}

const log10 = (value: number) => (value <= 0 ? -99 : Math.log10(value)).toFixed(6)

export function buildArpa(sentences: readonly WeightedSentence[]): string {
  const trigrams: Counts = new Map()
  const bigrams: Counts = new Map()
  const vocabulary = new Set<string>([end])
  for (const { words, weight } of sentences) {
    if (words.length === 0) continue
    const padded = [start, ...words, end]
    for (const word of words) vocabulary.add(word)
    for (let i = 1; i < padded.length; i += 1) {
      add(bigrams, `${padded[i - 1]} ${padded[i]}`, weight)
      if (i >= 2) add(trigrams, `${padded[i - 2]} ${padded[i - 1]} ${padded[i]}`, weight)
    }
  }

  // Lower orders count in how many contexts a word sequence appears (Kneser-Ney), except after
  // <s>, which has no context to count.
  const bigramInput: Counts = new Map()
  for (const key of bigrams.keys()) if (key.startsWith(`${start} `)) bigramInput.set(key, bigrams.get(key) ?? 0)
  for (const key of trigrams.keys()) add(bigramInput, key.slice(key.indexOf(' ') + 1))
  const unigramInput: Counts = new Map()
  for (const key of bigrams.keys()) add(unigramInput, key.slice(key.indexOf(' ') + 1))

  const [d1, d2, d3] = [discount(unigramInput), discount(bigramInput), discount(trigrams)]
  let unigramSum = 0
  for (const count of unigramInput.values()) unigramSum += count
  const unigramProbability = new Map<string, number>()
  for (const word of vocabulary) {
    const count = unigramInput.get(word) ?? 0
    unigramProbability.set(
      word,
      Math.max(count - d1, 0) / unigramSum + (d1 * unigramInput.size) / unigramSum / vocabulary.size,
    )
  }

  const bigramHistories = histories(bigramInput)
  const bigramGamma = (history: string) => {
    const total = bigramHistories.get(history)
    return total ? (d2 * total.types) / total.sum : 1
  }
  const bigramProbability = new Map<string, number>()
  for (const [key, count] of bigramInput) {
    const [history = '', word = ''] = key.split(' ')
    const total = bigramHistories.get(history)
    if (!total) continue
    bigramProbability.set(
      key,
      Math.max(count - d2, 0) / total.sum + bigramGamma(history) * (unigramProbability.get(word) ?? 0),
    )
  }
  const lowerBigram = (history: string, word: string) =>
    bigramProbability.get(`${history} ${word}`) ?? bigramGamma(history) * (unigramProbability.get(word) ?? 0)

  const trigramHistories = histories(trigrams)
  const trigramGamma = (history: string) => {
    const total = trigramHistories.get(history)
    return total ? (d3 * total.types) / total.sum : undefined
  }
  const trigramLines: string[] = []
  for (const [key, count] of trigrams) {
    const [first = '', second = '', word = ''] = key.split(' ')
    const history = `${first} ${second}`
    const total = trigramHistories.get(history)
    if (!total) continue
    const probability = Math.max(count - d3, 0) / total.sum + (trigramGamma(history) ?? 0) * lowerBigram(second, word)
    trigramLines.push(`${log10(probability)} ${key}`)
  }

  const withBackoff = (line: string, gamma: number | undefined) =>
    gamma === undefined ? line : `${line} ${log10(gamma)}`
  const unigramLines = [withBackoff(`-99 ${start}`, bigramGamma(start))]
  for (const word of [...vocabulary].sort()) {
    const gamma = bigramHistories.has(word) ? bigramGamma(word) : undefined
    unigramLines.push(withBackoff(`${log10(unigramProbability.get(word) ?? 0)} ${word}`, gamma))
  }
  const bigramLines = [...bigramProbability].map(([key, probability]) =>
    withBackoff(`${log10(probability)} ${key}`, trigramGamma(key)),
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
