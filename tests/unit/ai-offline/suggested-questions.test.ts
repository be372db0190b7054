import { describe, expect, it } from 'vitest'
import { answerQuestion, type OfflineAnswer } from '#server/ai/offline/answer/answer.ts'
import { evaluatePart } from '#server/ai/offline/eval/answer-evaluation.ts'
import { findAnswers, type KnowledgeSearch } from '#server/ai/offline/search/retrieve.ts'

/**
 * A search that finds the real candidates of `question` but is confident of none, each with the
 * confidence given: what the engine offers in place of an answer, apart from how it ranks.
 */
function unsureSearch(question: string, confidences: readonly number[]): KnowledgeSearch {
  const found = findAnswers(question)
  const matches = found.matches.slice(0, confidences.length).map((match, i) => ({
    ...match,
    confidence: confidences[i] ?? 0,
  }))
  expect(matches).toHaveLength(confidences.length)
  return () => ({ ...found, status: 'no-confident-match', best: null, matches, confidence: 0 })
}

const idsOf = (answer: OfflineAnswer) => answer.suggestions.map((suggestion) => suggestion.id)

describe('questions offered in place of an answer', () => {
  it('offers the near misses most likely first, at most three, none below a confidence of 0.1', () => {
    const question = 'How does a hash map handle collisions and resizing?'
    const ranked = findAnswers(question).matches.map((match) => match.entry.id)
    const search = unsureSearch(question, [0.2, 0.05, 0.5, 0.3, 0.15])
    const answer = answerQuestion({ question }, search)
    expect(answer.source).toBe('framework')
    expect(idsOf(answer)).toEqual([ranked[2], ranked[3], ranked[0]])
    expect(answer.suggestions[0]?.question).toMatch(/\?$/)
  })

  it('names in its text, as the closest question, the one it offers first', () => {
    const question = 'How does a hash map handle collisions and resizing?'
    const answer = answerQuestion({ question }, unsureSearch(question, [0.36, 0.05, 0.6]))
    const first = answer.suggestions[0]?.question ?? ''
    expect(answer.answer).toContain(
      `**The closest question I have an answer for** (it may not be what was asked): *${first}*`,
    )
  })

  it('offers nothing when no candidate reaches 0.1', () => {
    const question = 'How does a hash map handle collisions and resizing?'
    expect(answerQuestion({ question }, unsureSearch(question, [0.09, 0.02])).suggestions).toEqual([])
  })

  it('offers nothing with a prepared answer', () => {
    const answer = answerQuestion({ question: 'What is a closure in JavaScript?' })
    expect(answer.source).toBe('knowledge-base')
    expect(answer.suggestions).toEqual([])
  })

  it('offers nothing where the question is about terms of employment no entry covers', () => {
    const question = 'Does your offer include stock options?'
    const answer = answerQuestion({ question }, unsureSearch(question, [0.6, 0.5]))
    expect(answer.source).toBe('framework')
    expect(answer.suggestions).toEqual([])
  })

  it("answers an offered question from its entry when it is asked: the candidate's one tap", () => {
    const abstained = answerQuestion({ question: 'What goes on inside a dictionary when you look up a key?' })
    expect(abstained.source).toBe('framework')
    const offered = abstained.suggestions.find((suggestion) => suggestion.id === 'ds-hash-map')
    expect(offered).toBeDefined()
    const history = [{ question: 'What goes on inside a dictionary when you look up a key?', answer: abstained.answer }]
    const asked = answerQuestion({ question: offered?.question ?? '', history })
    expect(asked).toMatchObject({ source: 'knowledge-base', suggestions: [] })
    expect(asked.matches[0]?.id).toBe('ds-hash-map')
  })

  it('is counted by the evaluation: abstentions where an entry answers, and of them those with it offered', () => {
    const answer = (question: string): OfflineAnswer => ({
      ...answerQuestion({ question: 'asdf qwerty' }),
      suggestions: question === 'offered' ? [{ id: 'ds-hash-map', question: 'How does a hash map work?' }] : [],
    })
    const result = evaluatePart(
      {
        name: 'offered',
        questions: [
          { question: 'offered', accept: ['ds-hash-map'] },
          { question: 'not offered', accept: ['ds-hash-map'] },
          { question: 'none answers', accept: [] },
        ],
        followUps: [],
      },
      answer,
    )
    expect(result).toMatchObject({ abstainedWithEntry: 2, rightOffered: 1 })
  })
})
