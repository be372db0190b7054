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
    const answer = answerQuestion({ question }, unsureSearch(question, [0.36, 0.05, 0.45]))
    const first = answer.suggestions[0]?.question ?? ''
    expect(answer.gist).toMatch(/^I have no prepared answer/)
    expect(answer.answer).toContain(
      `**The closest question I have an answer for** (it may not be what was asked): *${first}*`,
    )
  })

  it('leads with the one it offers first from a confidence of 0.5, naming the question it answers', () => {
    const question = 'How does a hash map handle collisions and resizing?'
    const ranked = findAnswers(question).matches.map((match) => match.entry)
    const answer = answerQuestion({ question }, unsureSearch(question, [0.36, 0.05, 0.5]))
    const near = ranked[2]
    expect(answer.source).toBe('framework')
    expect(answer.suggestions[0]?.id).toBe(near?.id)
    expect(answer.gist).toBe(`Possibly off target: this answers *${near?.question ?? ''}*`)
    // Its points are the near miss's own, to say if it is the question; the approach follows for when it is not.
    expect(answer.answer).toContain(near?.keyPoints[0] ?? '')
    expect(answer.answer).toMatch(/\*\*If it is not what was asked\*\*, answer it with Define → Explain/)
    expect(answer.spokenWords).toBeLessThanOrEqual(80)
  })

  it('never leads with a near miss that names none of the key terms asked, whatever its confidence', () => {
    const question = 'What is the capital of France?'
    const [closest] = findAnswers(question).matches
    expect(closest?.confidence).toBeGreaterThanOrEqual(0.5)
    expect(closest?.evidence.keyCoverage).toBe(0)
    expect(answerQuestion({ question }).gist).toMatch(/^I have no prepared answer/)
  })

  it('is counted by the evaluation: abstentions led by a near miss, and of them those whose near miss answers', () => {
    const led = (id: string): OfflineAnswer => ({
      ...answerQuestion({ question: 'asdf qwerty' }),
      gist: 'Possibly off target: this answers *How does a hash map work?*',
      suggestions: [{ id, question: 'How does a hash map work?' }],
    })
    const result = evaluatePart(
      {
        name: 'led',
        questions: [
          { question: 'led right', accept: ['ds-hash-map'] },
          { question: 'led wrong', accept: ['ds-queue'] },
          { question: 'not led', accept: ['ds-queue'] },
        ],
        followUps: [],
      },
      (question) => (question === 'not led' ? answerQuestion({ question: 'asdf qwerty' }) : led('ds-hash-map')),
    )
    expect(result).toMatchObject({ ledWithNearMiss: 2, ledRight: 1, abstainedWithEntry: 3 })
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
