import { beforeAll, describe, expect, it } from 'vitest'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('a situation told in several ordinary words is judged on all of them', () => {
  it.each([
    // "hunted" is the rarest word, and the entries that use it are not about bugs.
    ['Walk me through the weirdest bug you ever hunted down.', 'beh-difficult-bug'],
    // "weekend" and "demo" are rarer than "learn" and "framework", and belong to other entries.
    ['Describe a time you had to learn a new framework over a weekend for a demo.', 'beh-learn-quickly'],
  ])('"%s" ranks %s first', (question, expected) => {
    expect(findAnswers(question, undefined, { limit: 5 }).matches[0]?.entry.id).toBe(expected)
  })
})
