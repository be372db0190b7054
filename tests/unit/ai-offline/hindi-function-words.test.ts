import { beforeAll, describe, expect, it } from 'vitest'
import { namesKnownSubject } from '#server/ai/offline/answer/known-subjects.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { analyze } from '#server/ai/offline/search/text/analyze.ts'
import { hindiFunctionWords } from '#server/ai/offline/search/text/hindi-function-words.ts'
import { hinglishWords } from '#server/ai/offline/search/text/hinglish.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('romanised Hindi function words, made by rule', () => {
  it.each([
    // Verb stems with their endings, none of them listed one by one.
    ...['likhke', 'likhkar', 'dikhao', 'dikhaiye', 'lagana', 'lagaya', 'karne', 'karwana', 'rokne', 'rokoge'],
    ...['samjhaoge', 'badalna', 'sambhalte', 'nikalenge', 'bachane', 'sikhaya', 'bhejiye', 'poochunga'],
    // Pronouns in their case forms, postpositions, copulas, particles and words of talk.
    ...['uspe', 'isse', 'ismein', 'jiska', 'kisko', 'har', 'pe', 'honge', 'kyunki', 'theek', 'jyada', 'thoda'],
  ])('reads "%s" as a function word', (word) => {
    expect(hindiFunctionWords.has(word)).toBe(true)
    expect(stopWords.has(word)).toBe(true)
  })

  it.each(['main', 'band'])('keeps "%s", which the knowledge base uses in English, a word of its own', (word) => {
    expect(hindiFunctionWords.has(word)).toBe(false)
    expect(analyze(`the ${word} thread`)).toContain(analyze(word)[0])
  })

  it('finds the main thread and a salary band as English', () => {
    expect(findAnswers('Why should you never block the main thread?').queryTerms.map((t) => t.surface)).toContain(
      'main',
    )
    expect(findAnswers('Which salary band am I in?').queryTerms.map((t) => t.surface)).toContain('band')
  })

  it('leaves the Hindi words that name a topic to the knowledge base ("kaam", "galti", "fark")', () => {
    for (const [word] of hinglishWords) expect(hindiFunctionWords.has(word)).toBe(false)
  })

  it.each([
    ['Har column pe index lagana theek hai?', ['column', 'index']],
    ['Isse rokne ka tarika kya hai?', []],
    ['Deadlock ko rokne ke liye kya karoge?', ['deadlock']],
  ])('searches "%s" for its topic words only', (question, topic) => {
    expect(findAnswers(question).queryTerms.map((term) => term.surface)).toEqual(topic)
  })

  it('counts no Hindi grammar word of a Hinglish question as unknown to the knowledge base', () => {
    const [best] = findAnswers('Har column pe index lagana theek hai?').matches
    expect(best?.evidence.unknownShare).toBe(0)
  })

  it.each(['Code likhke dikhao.', 'Uspe improve karne ke liye kya kar rahe ho?', 'Har column pe lagana theek hai?'])(
    'reads no Hindi word of "%s" as the name of a subject the knowledge base lacks',
    (question) => {
      expect(namesKnownSubject(question.replace(/\b(code|improve|column)\b/gi, ''))).toBe(false)
    },
  )
})
