/** The interview language model and dictionary built for PocketSphinx from the knowledge base. */
import { describe, expect, it } from 'vitest'
import { buildInterviewModel } from '#server/ai/offline/speech/interview-model/interview-model.ts'
import { buildArpa } from '#server/ai/offline/speech/interview-model/ngram.ts'
import { createPronouncer, parseCmuDictionary } from '#server/ai/offline/speech/interview-model/pronunciations.ts'
import { numberWords, spokenTokens } from '#server/ai/offline/speech/interview-model/spoken-words.ts'

const cmu = parseCmuDictionary(
  [
    'hash HH AE SH',
    'map M AE P',
    'type T AY P',
    'script S K R IH P T',
    'node N OW D',
    'read R IY D',
    'read(2) R EH D',
  ].join('\n'),
)

type Arpa = {
  unigrams: Map<string, { p: number; bow: number }>
  bigrams: Map<string, { p: number; bow: number }>
  trigrams: Map<string, number>
}

function parseArpa(text: string): Arpa {
  const arpa: Arpa = { unigrams: new Map(), bigrams: new Map(), trigrams: new Map() }
  let order = 0
  for (const line of text.split('\n')) {
    const section = /^\\(\d)-grams:$/.exec(line)
    if (section) order = Number(section[1])
    else if (order > 0 && line.trim() !== '' && !line.startsWith('\\')) {
      const fields = line.split(' ')
      const p = Number(fields[0])
      const words = fields.slice(1, 1 + order).join(' ')
      const bow = Number(fields[1 + order] ?? 0)
      if (order === 1) arpa.unigrams.set(words, { p, bow })
      if (order === 2) arpa.bigrams.set(words, { p, bow })
      if (order === 3) arpa.trigrams.set(words, p)
    }
  }
  return arpa
}

/** P(word | history) under the ARPA back-off rules. */
function probability(arpa: Arpa, history: [string, string], word: string): number {
  const tri = arpa.trigrams.get(`${history[0]} ${history[1]} ${word}`)
  if (tri !== undefined) return 10 ** tri
  const backoff3 = 10 ** (arpa.bigrams.get(history.join(' '))?.bow ?? 0)
  const bi = arpa.bigrams.get(`${history[1]} ${word}`)
  if (bi !== undefined) return backoff3 * 10 ** bi.p
  return backoff3 * 10 ** (arpa.unigrams.get(history[1])?.bow ?? 0) * 10 ** (arpa.unigrams.get(word)?.p ?? -99)
}

describe('trigram language model', () => {
  const sentences = [
    { words: ['what', 'is', 'a', 'hash', 'map'], weight: 3 },
    { words: ['what', 'is', 'a', 'trie'], weight: 1 },
    { words: ['how', 'does', 'a', 'hash', 'map', 'work'], weight: 1 },
    { words: ['what', 'is', 'recursion'], weight: 1 },
  ]
  const arpa = parseArpa(buildArpa(sentences))

  it('declares the counts it writes', () => {
    const text = buildArpa(sentences)
    expect(text).toContain(`ngram 1=${arpa.unigrams.size}`)
    expect(text).toContain(`ngram 2=${arpa.bigrams.size}`)
    expect(text).toContain(`ngram 3=${arpa.trigrams.size}`)
    expect(text.trim().endsWith('\\end\\')).toBe(true)
  })

  it.each([
    [['what', 'is'] as [string, string]],
    [['is', 'a'] as [string, string]],
    [['<s>', 'what'] as [string, string]],
    [['does', 'a'] as [string, string]],
  ])('is a probability distribution after %j', (history) => {
    const vocabulary = [...arpa.unigrams.keys()].filter((word) => word !== '<s>')
    const total = vocabulary.reduce((sum, word) => sum + probability(arpa, history, word), 0)
    expect(total).toBeCloseTo(1, 4)
  })

  it('expects the interview phrasing it was built from', () => {
    expect(probability(arpa, ['a', 'hash'], 'map')).toBeGreaterThan(0.5)
    expect(probability(arpa, ['is', 'a'], 'hash')).toBeGreaterThan(probability(arpa, ['is', 'a'], 'work'))
  })
})

describe('pronunciations', () => {
  const { pronounce } = createPronouncer(cmu)

  it('uses the CMU dictionary with all its variants', () => {
    expect(pronounce('read')).toEqual(['R IY D', 'R EH D'])
  })

  it('spells acronyms, joins compounds and adds plural and possessive endings', () => {
    expect(pronounce('tcp', 'TCP')).toEqual(['T IY S IY P IY'])
    expect(pronounce('apis', 'APIs')).toEqual(['EY P IY AY Z'])
    expect(pronounce('typescript')).toEqual(['T AY P S K R IH P T'])
    expect(pronounce('hashmap')).toEqual(['HH AE SH M AE P'])
    expect(pronounce("node's")).toEqual(['N OW D Z'])
    expect(pronounce('maps')).toEqual(['M AE P Z'])
    expect(pronounce('json')).toEqual(['JH EY S AH N'])
    expect(pronounce('frobnicate')).toBeNull()
  })
})

describe('spoken form of written text', () => {
  it('says complexity, numbers and symbols the way people speak them', () => {
    expect(spokenTokens('O(n log n) in C++, 40% of node.js').map((token) => token.word)).toEqual([
      'o',
      'of',
      'n',
      'log',
      'n',
      'in',
      'c',
      'plus',
      'plus',
      'forty',
      'percent',
      'of',
      'node',
      'js',
    ])
    expect(numberWords(1234)).toEqual(['one', 'thousand', 'two', 'hundred', 'thirty', 'four'])
  })
})

describe('interview model', () => {
  it('has a dictionary entry for every word of the language model', () => {
    const corpus = [
      { text: 'What is a hash map?', weight: 3 },
      { text: 'How does TypeScript read a hashmap?', weight: 1 },
      { text: 'Read the hash, frobnicate the map.', weight: 1 },
    ]
    const model = buildInterviewModel(
      [
        'hash HH AE SH',
        'map M AE P',
        'type T AY P',
        'script S K R IH P T',
        'read R IY D',
        'what W AH T',
        'is IH Z',
        'a AH',
        'how HH AW',
        'does D AH Z',
        'the DH AH',
      ].join('\n'),
      corpus,
    )
    const dictionaryWords = new Set(
      model.dictionary
        .trim()
        .split('\n')
        .map((line) => line.split(' ')[0]?.replace(/\(\d+\)$/, '')),
    )
    const arpa = parseArpa(model.arpa)
    for (const word of arpa.unigrams.keys())
      if (word !== '<s>' && word !== '</s>') expect(dictionaryWords).toContain(word)
    expect(dictionaryWords).toContain('typescript')
    expect(dictionaryWords).not.toContain('frobnicate')
    // The unknown word ends the sentence there instead of joining "hash" and "the".
    expect(arpa.bigrams.has('the map')).toBe(true)
    expect(arpa.bigrams.has('hash </s>')).toBe(true)
    expect(arpa.bigrams.has('hash the')).toBe(false)
  })
})
