import { beforeAll, describe, expect, it } from 'vitest'
import { namesKnownSubject } from '#server/ai/offline/answer/known-subjects.ts'
import { findAnswers } from '#server/ai/offline/search/retrieve.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { analyze } from '#server/ai/offline/search/text/analyze.ts'
import { hindiFunctionWords, hindiVerbTranslations } from '#server/ai/offline/search/text/hindi-function-words.ts'
import { hinglishWords } from '#server/ai/offline/search/text/hinglish.ts'
import { stopWords } from '#server/ai/offline/search/text/stop-words.ts'

beforeAll(() => {
  knowledgeIndex()
})

describe('romanised Hindi function words, made by rule', () => {
  it.each([
    // Light verbs and auxiliaries with their endings, none of them listed one by one.
    ...['lagana', 'lagaya', 'karne', 'karwana', 'karoge', 'jayega', 'rahe', 'sakte', 'chahte', 'mila', 'chuke'],
    ...['dijiye', 'lena', 'chal', 'rakhna', 'banta', 'bante', 'padega'],
    // Verbs of saying, knowing and thinking, whose English ("explain", "tell", "know", "think") the search drops.
    ...['samjhaoge', 'batao', 'bataiye', 'jaante', 'socho', 'bolo', 'kehte', 'dekho'],
    // Pronouns in their case forms, postpositions, copulas, particles and words of talk.
    ...['uspe', 'isse', 'ismein', 'jiska', 'kisko', 'har', 'pe', 'honge', 'kyunki', 'theek', 'jyada', 'thoda'],
  ])('reads "%s" as a function word', (word) => {
    expect(hindiFunctionWords.has(word)).toBe(true)
    expect(stopWords.has(word)).toBe(true)
  })

  it.each([
    ...[
      ['rokne', 'prevent'],
      ['rokoge', 'prevent'],
      ['roko', 'prevent'],
      ['badalna', 'change'],
    ],
    ...[
      ['bhejiye', 'send'],
      ['chunoge', 'choose'],
      ['todna', 'break'],
      ['jodo', 'add'],
      ['bachoge', 'avoid'],
    ],
    ...[
      ['chhodi', 'leave'],
      ['dhoondho', 'find'],
      ['nikalenge', 'find'],
      ['kholo', 'open'],
      ['padhte', 'read'],
    ],
    ...[
      ['seekhna', 'learn'],
      ['sikhaya', 'learn'],
      ['poochunga', 'ask'],
      ['banaoge', 'build'],
    ],
    ...[
      ['sambhalte', 'handle'],
      ['ginoge', 'count'],
      ['baanto', 'split'],
      ['sudharoge', 'improve'],
    ],
    ...[
      ['likhke', 'write'],
      ['dikhao', 'show'],
      ['dikhaiye', 'show'],
      ['hatao', 'remove'],
    ],
  ])('reads the content verb "%s" as the English "%s"', (word, english) => {
    expect(hindiFunctionWords.has(word)).toBe(false)
    expect(stopWords.has(word)).toBe(false)
    expect(hindiVerbTranslations.get(word)).toBe(english)
    expect(analyze(word)).toEqual(analyze(english))
  })

  it('translates no verb form the knowledge base uses in English ("band", "gin", "sun")', () => {
    for (const word of ['band', 'gin', 'todo']) expect(hindiVerbTranslations.has(word)).toBe(false)
  })

  it.each([
    ['Deadlock ko kaise rokoge?', 'How do you prevent a deadlock?'],
    ['Teammate ke saath conflict kaise sambhaloge?', 'How do you handle a conflict with a teammate?'],
  ])('finds for "%s" the entry its English twin "%s" finds', (hinglish, english) => {
    expect(findAnswers(hinglish).best?.entry.id).toBe(findAnswers(english).best?.entry.id)
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
    ['Isse rokne ka tarika kya hai?', ['rokne']],
    ['Deadlock ko rokne ke liye kya karoge?', ['deadlock', 'rokne']],
  ])('searches "%s" for its topic words only', (question, topic) => {
    expect(findAnswers(question).queryTerms.map((term) => term.surface)).toEqual(topic)
  })

  it('counts no Hindi grammar word of a Hinglish question as unknown to the knowledge base', () => {
    const [best] = findAnswers('Har column pe index lagana theek hai?').matches
    expect(best?.evidence.unknownShare).toBe(0)
  })

  it.each(['Code likhke dikhao.', 'Uspe improve karne ke liye kya kar rahe ho?', 'Har column pe lagana theek hai?'])(
    'reads no Hindi word of "%s" as the name of a subject, as English reads "write" and "show"',
    (question) => {
      expect(namesKnownSubject(question.replace(/\b(code|improve|column)\b/gi, ''))).toBe(false)
    },
  )
})
