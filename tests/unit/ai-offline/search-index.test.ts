import { describe, expect, it, vi } from 'vitest'
import { knowledgeIndex, SearchIndex, type IndexableDocument } from '#server/ai/offline/search/search-index.ts'

function doc(id: string, fields: Partial<IndexableDocument['fields']>): IndexableDocument {
  return { id, fields: { title: '', tags: '', keyPoints: '', answer: '', wordings: '', ...fields } }
}

const filler = Array.from({ length: 20 }, (_, i) =>
  doc(`filler-${i}`, {
    title: `Unrelated question number ${i}`,
    answer: 'Some generic text about software teams and delivery.',
  }),
)

describe('BM25F search index', () => {
  it('ranks a title match above the same term in an answer', () => {
    const index = new SearchIndex([
      doc('in-answer', { title: 'What is a queue?', answer: 'Queues sometimes use a heap internally.' }),
      doc('in-title', { title: 'How does a heap work?', answer: 'It keeps the smallest item on top.' }),
      ...filler,
    ])
    expect(index.search('heap')[0]?.id).toBe('in-title')
  })

  it('weights rare terms above common ones (idf)', () => {
    const index = new SearchIndex([
      doc('common', { title: 'software delivery teams' }),
      doc('rare', { title: 'bloom filter' }),
      ...filler,
    ])
    expect(index.idf('bloom')).toBeGreaterThan(index.idf('softwar'))
    expect(index.search('software bloom')[0]?.id).toBe('rare')
  })

  it('normalises by field length', () => {
    const index = new SearchIndex([
      doc('short', { answer: 'Tries store strings.' }),
      doc('long', { answer: `Tries store strings. ${'Other words pad this answer considerably. '.repeat(10)}` }),
      ...filler,
    ])
    const [first, second] = index.search('tries')
    expect(first?.id).toBe('short')
    expect(second?.id).toBe('long')
    expect((first?.score ?? 0) > (second?.score ?? 0)).toBe(true)
  })

  it('corrects misspelt query words against its vocabulary', () => {
    const terms = knowledgeIndex().analyzeQuery('javascirpt recursoin')
    expect(terms.map((t) => t.correctedTo)).toEqual(['javascript', 'recursion'])
    expect(knowledgeIndex().search('what is recursoin')[0]?.id).toBe('algo-recursion')
  })

  // A word the index lacks is as often a real word of another meaning as a slip of the keys: a slip
  // changes one letter, swaps two or drops or doubles one, where another word tends to differ by
  // two letters or by its ending.
  it.each([
    ['a form with fifty fields', 'fifty'],
    ['we deducted the fee twice', 'deducted'],
    ['she was given a linker error', 'linker'],
    ['the cancer ward app', 'cancer'],
  ])('leaves a real word it lacks as it is: %s', (question, word) => {
    const term = knowledgeIndex()
      .analyzeQuery(question)
      .find((t) => t.surface === word)
    expect(term?.correctedTo).toBeUndefined()
  })

  // A last letter no English word ends with ("closurw", "mutez") is a slip, like any other one.
  it.each([
    ['What is a closurw in JavaScript?', 'closurw', 'closure'],
    ['What is a mutez?', 'mutez', 'mutex'],
  ])('corrects a slip of the last letter: %s', (question, word, corrected) => {
    const term = knowledgeIndex()
      .analyzeQuery(question)
      .find((t) => t.surface === word)
    expect(term?.correctedTo).toBe(corrected)
  })

  it('is built once per process, shared by a second copy of the module (the page bundle has its own)', async () => {
    const first = knowledgeIndex()
    vi.resetModules()
    const copy = await import('#server/ai/offline/search/search-index.ts')
    expect(copy.knowledgeIndex).not.toBe(knowledgeIndex)
    expect(copy.knowledgeIndex()).toBe(first)
  })

  it('returns nothing for words it has never seen', () => {
    expect(knowledgeIndex().search('zxqv wobblefrump')).toEqual([])
  })

  it('reports matched terms and title matches per hit', () => {
    const [hit] = knowledgeIndex().search('explain the cap theorem')
    expect(hit?.id).toBe('sd-cap-theorem')
    expect(hit?.titleTerms).toContain('cap_theorem')
  })
})
