/**
 * Retrieval by meaning (decision 0116): word vectors from the packaged GloVe file, a question's
 * meaning vector, and the blend that lets a paraphrase sharing few words with an entry reach it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { meaningIndex } from '#server/ai/offline/search/meaning/meaning-index.ts'
import { readWordVectors } from '#server/ai/offline/search/meaning/word-vectors.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
  meaningIndex()
})

/** A file in the package's format: header, frequency-ordered words, `"word":[v…, norm, index]` entries. */
function vectorFile(entries: readonly [string, readonly number[]][]): string {
  const body = entries.map(([word, values], i) => `${JSON.stringify(word)}:[${[...values, 1, i].join(',')}]`)
  const text = `{"precision":8,"l2NormIndex":3,"wordIndex":4,"size":${entries.length},"dimensions":3,"words":${JSON.stringify(entries.map(([w]) => w))},"vectors":{${body.join(',')}},"unkVector":[0,0,0]}`
  const path = join(mkdtempSync(join(tmpdir(), 'word-vectors-')), 'vectors.json')
  writeFileSync(path, text)
  return path
}

describe('the packaged word vectors are read without loading the whole file', () => {
  const path = vectorFile([
    ['the', [0.5, -1.5e-1, 2]],
    ['"', [1, 1, 1]],
    ['caf\u00e9', [1, 0, 0]],
    ['Paris', [0, 1, 0]],
    ['cache', [-3, 4, 0]],
    ['vectors', [0, 0, 1]],
    ['rare', [1, 0, 0]],
  ])

  it('keeps plain lowercase words with unit-length vectors and their frequency ranks', () => {
    const vectors = readWordVectors(path)
    expect(vectors.dimensions).toBe(3)
    expect([...vectors.rankOf]).toEqual([
      ['the', 0],
      ['cache', 4],
      ['vectors', 5],
      ['rare', 6],
    ])
    const cache = [...(vectors.vectorOf('cache') ?? [])]
    expect(cache[0]).toBeCloseTo(-0.6, 2)
    expect(cache[1]).toBeCloseTo(0.8, 2)
    expect(vectors.vectorOf('Paris')).toBeUndefined()
  })

  it('stops at the frequency limit', () => {
    expect([...readWordVectors(path, 5).rankOf.keys()]).toEqual(['the', 'cache'])
  })
})

describe('questions are compared with entries by meaning', () => {
  it('puts a wording that shares no topic word closer to its entry than to an unrelated one', () => {
    const index = meaningIndex()
    const question = index.vectorOf('what goes on inside a dictionary when you look a key up')
    expect(question).not.toBeNull()
    if (question === null) return
    expect(index.closeness(question, 'ds-hash-map')).toBeGreaterThan(index.closeness(question, 'beh-failure'))
  })

  it('has no meaning for a question none of whose words it knows', () => {
    expect(meaningIndex().vectorOf('zxqv kubernetes')).toBeNull()
  })
})

describe('paraphrases of the development part reach their entry', () => {
  it.each([
    ['what goes on inside a dictionary when you look a key up', 'ds-hash-map'],
    ['when is a linked list a better choice than a plain array', 'ds-array-vs-linked-list'],
    ['inner function remembering variables of the outer one, what is that called', 'js-closures'],
    ['find the k biggest numbers in a huge array', 'algo-top-k'],
  ])('answers "%s" from %s', (question, expected) => {
    const result = answerQuestion({ question })
    expect(result.source).toBe('knowledge-base')
    expect(result.matches[0]?.id).toBe(expected)
  })

  it.each([
    'What is the best recipe for a chocolate cake?',
    'Who won the football world cup in 2014?',
    'How do I renew my passport before travelling abroad?',
  ])('still abstains on "%s", which no entry is about', (question) => {
    expect(answerQuestion({ question }).source).toBe('framework')
  })
})
