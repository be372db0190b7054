import { beforeAll, describe, expect, it, vi } from 'vitest'

const analysed: string[] = []

vi.mock('#server/ai/offline/search/text/analyze.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#server/ai/offline/search/text/analyze.ts')>()
  return {
    ...original,
    analyzeWithSurface: (text: string) => {
      analysed.push(text)
      return original.analyzeWithSurface(text)
    },
  }
})

const { findAnswers } = await import('#server/ai/offline/search/retrieve.ts')
const { knowledgeIndex } = await import('#server/ai/offline/search/search-index.ts')

beforeAll(() => {
  knowledgeIndex()
})

describe('a question is analysed once', () => {
  it.each([
    'What is the difference between a heap and a binary search tree?',
    'what is a queue in data structures',
    'In operating systems, what is paging?',
  ])('"%s"', (question) => {
    // Warm the entries' own caches first: only the question's analysis is counted.
    findAnswers(question)
    analysed.length = 0
    const result = findAnswers(question)
    expect(result.matches.length).toBeGreaterThan(0)
    // What is asked and the field it names are analysed apart; no word of the question twice.
    const ofTheQuestion = analysed.filter((text) => text.length > 0 && question.includes(text))
    expect(ofTheQuestion.length).toBeGreaterThan(0)
    expect(ofTheQuestion.reduce((length, text) => length + text.length, 0)).toBeLessThanOrEqual(question.length)
  })
})
