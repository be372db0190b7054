import { describe, expect, it } from 'vitest'
import { analyze, analyzeWithSurface } from '#server/ai/offline/search/text/analyze.ts'
import { editDistance } from '#server/ai/offline/search/text/edit-distance.ts'
import { porterStem } from '#server/ai/offline/search/text/stem.ts'
import { rawWords } from '#server/ai/offline/search/text/tokenize.ts'

describe('Porter stemmer', () => {
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'ti'],
    ['cats', 'cat'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['sing', 'sing'],
    ['conflated', 'conflat'],
    ['troubled', 'troubl'],
    ['sized', 'size'],
    ['hopping', 'hop'],
    ['falling', 'fall'],
    ['hissing', 'hiss'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['rational', 'ration'],
    ['generalization', 'gener'],
    ['hopefulness', 'hope'],
    ['goodness', 'good'],
    ['adjustment', 'adjust'],
    ['effective', 'effect'],
    ['controlling', 'control'],
    ['running', 'run'],
    ['hashing', 'hash'],
    ['queues', 'queue'],
    ['indexes', 'index'],
    ['caching', 'cach'],
    ['cached', 'cach'],
  ])('stems %s to %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem)
  })

  it('leaves short words and non-alphabetic tokens alone', () => {
    expect(porterStem('is')).toBe('is')
    expect(porterStem('o(n)')).toBe('o(n)')
    expect(porterStem('http2')).toBe('http2')
  })
})

describe('tokenizer', () => {
  it('lowercases and keeps technical tokens whole', () => {
    expect(rawWords('C++ and C# vs Node.js, CI/CD, N+1 and HTTP/2')).toEqual(
      expect.arrayContaining(['cpp', 'csharp', 'nodejs', 'cicd', 'nplus1', 'http2']),
    )
  })

  it('normalises big-O notation', () => {
    expect(rawWords('Quicksort is O(n log n), lookups are O(1) and search is O(log n)')).toEqual(
      expect.arrayContaining(['o(nlogn)', 'o(1)', 'o(logn)']),
    )
  })

  it('splits ordinary punctuation and hyphens, drops pronoun contractions', () => {
    expect(rawWords("What's a real-time, self-balancing tree? I'd like to know")).toEqual([
      'a',
      'real',
      'time',
      'self',
      'balancing',
      'tree',
      'like',
      'to',
      'know',
    ])
  })

  it('maps British spellings to American ones', () => {
    expect(rawWords('optimise the organisation')).toEqual(['optimize', 'the', 'organization'])
  })
})

describe('stems of words that name different concepts', () => {
  // Porter's suffix rules join words of one root that interviews use for unrelated concepts: TypeScript's
  // generics and Python's generators, a graph's vertices and vertical scaling, a product and production.
  it.each([
    ['generics', 'generators'],
    ['generic', 'generate'],
    ['vertices', 'vertically'],
    ['production', 'products'],
    ['productivity', 'production'],
    ['critical', 'criticism'],
    ['integrity', 'integration'],
    ['experiments', 'experience'],
    ['busy', 'business'],
    ['conversion', 'conversations'],
  ])('keeps %s apart from %s', (one, other) => {
    expect(analyze(one)).not.toEqual(analyze(other))
  })

  it.each([
    ['generic', 'generics'],
    ['generator', 'generators'],
    ['generate', 'generation'],
    ['vertex', 'vertices'],
    ['production', 'productions'],
    ['productive', 'productivity'],
    ['criticism', 'criticise'],
    ['critically', 'critical'],
    ['experiment', 'experimenting'],
    ['convert', 'conversion'],
  ])('still joins %s and %s', (one, other) => {
    expect(analyze(one)).toEqual(analyze(other))
  })
})

describe('analyzer: stop words, synonyms and phrases', () => {
  it('removes stop words and spoken fillers', () => {
    expect(analyze('so um how does a hash map work')).toEqual(['hashmap', 'hash', 'map', 'work'])
  })

  it('drops the scaffolding that brings a subject up: heard of it, keeps hearing about it', () => {
    expect(analyze('Have you heard of a Bloom filter?')).toEqual(analyze('a Bloom filter?'))
    expect(analyze('hearing about load balancers')).toEqual(analyze('about load balancers'))
  })

  it('maps synonyms and abbreviations to one term', () => {
    expect(analyze('dictionary')).toEqual(analyze('hashtable'))
    expect(analyze('db')).toEqual(analyze('database'))
    expect(analyze('js')).toEqual(analyze('javascript'))
    expect(analyze('postgres')).toEqual(analyze('PostgreSQL'))
    expect(analyze('k8s')).toEqual(analyze('kubernetes'))
  })

  it('reads first in first out as FIFO and last in first out as LIFO', () => {
    expect(analyze('first in first out')).toContain(analyze('fifo')[0])
    expect(analyze('last in, first out')).toContain(analyze('lifo')[0])
  })

  it('reads an idiom as its concept instead of its words', () => {
    expect(analyze('it was my fault')).toEqual(analyze('fail'))
    expect(analyze('he pushed back on the plan')).not.toContain(analyze('push')[0])
    expect(analyze('what is a page fault')).toContain(analyze('fault')[0])
  })

  it('maps brackets and parentheses to one term, and not braces, which entries use for JavaScript syntax', () => {
    expect(analyze('brackets')).toEqual(analyze('parentheses'))
    expect(analyze('bracket')).toEqual(analyze('parenthesis'))
    expect(analyze('braces')).not.toEqual(analyze('brackets'))
  })

  it('reads the Hinglish spellings of "difference" and the Indian English "any doubts"', () => {
    for (const word of ['fark', 'farak', 'farq']) expect(analyze(word)).toEqual(analyze('difference'))
    expect(analyze('any doubts')).toContain('questions_for_us')
    expect(analyze('any queries')).toContain('questions_for_us')
  })

  it('drops the function words of spoken Hindi and reads "alag" as a difference', () => {
    expect(analyze('video call ke liye kaunsa use karenge')).toEqual(analyze('video call use'))
    expect(analyze('kya aapne kabhi kisi junior ko guide kiya hai')).toEqual(analyze('junior guide'))
    expect(analyze('alag')).toEqual(analyze('difference'))
  })

  it('reads the other words of behavioural questions for a manager, a disagreement, a deadline and a weakness', () => {
    expect(analyze('my boss')).toEqual(analyze('my manager'))
    expect(analyze('my team lead')).toEqual(expect.arrayContaining(analyze('manager')))
    expect(analyze('a difference of opinion')).toEqual(expect.arrayContaining(analyze('disagree')))
    expect(analyze('the release date')).toEqual(expect.arrayContaining(analyze('deadline')))
    expect(analyze('you are not good at')).toEqual(expect.arrayContaining(analyze('weakness')))
    expect(analyze('best at heavy writes')).not.toEqual(expect.arrayContaining(analyze('strength')))
  })

  it('emits a concept for a phrase in addition to its words', () => {
    const terms = analyze('hash table')
    expect(terms).toContain('hashmap')
    expect(terms).toContain('hash')
    expect(analyze('breadth first search')).toEqual(expect.arrayContaining(analyze('BFS')))
    expect(analyze('tell me about yourself')).toEqual(['self_intro'])
  })

  it('lets the longest phrase win', () => {
    const terms = analyze('binary search tree')
    expect(terms).toContain('bst')
    expect(terms).not.toContain('binary_search')
  })

  it('keeps the surface word for each term', () => {
    expect(analyzeWithSurface('Dictionaries')).toEqual([{ term: 'hashmap', surface: 'dictionaries' }])
  })
})

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and transpositions', () => {
    expect(editDistance('recieve', 'receive')).toBe(1)
    expect(editDistance('javascirpt', 'javascript')).toBe(1)
    expect(editDistance('algoritm', 'algorithm')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })

  it('stops early past the limit', () => {
    expect(editDistance('completely', 'different', 2)).toBe(3)
  })
})
