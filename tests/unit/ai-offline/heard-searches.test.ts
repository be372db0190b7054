import { describe, expect, it } from 'vitest'
import { heardSearches } from '#server/ai/offline/search/heard-searches.ts'
import { findAnswers, type KnowledgeSearch } from '#server/ai/offline/search/retrieve.ts'

function countingSearches() {
  const searched: string[] = []
  const search: KnowledgeSearch = (question, context, options) => {
    searched.push(question)
    return findAnswers(question, context, options)
  }
  return { searched, searches: heardSearches(search) }
}

describe('the search a judged transcript hands to its answer', () => {
  it('is handed once, to the very same search only', () => {
    const { searched, searches } = countingSearches()
    const judged = searches.judge('what is a hash map')
    expect(searches.search('what is a hash map')).toBe(judged)
    expect(searched).toEqual(['what is a hash map'])
    searches.search('what is a hash map')
    expect(searched).toHaveLength(2)
  })

  it('is not handed to a search narrowed to some categories or with a limit of its own', () => {
    const { searched, searches } = countingSearches()
    const judged = searches.judge('tell me about a time you failed')
    expect(searches.search('tell me about a time you failed', undefined, { categories: ['behavioural'] })).not.toBe(
      judged,
    )
    expect(searches.search('tell me about a time you failed', undefined, { limit: 2 })).not.toBe(judged)
    expect(searched).toHaveLength(3)
    expect(searches.search('tell me about a time you failed')).toBe(judged)
  })
})
