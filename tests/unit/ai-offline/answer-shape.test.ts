import { beforeAll, describe, expect, it } from 'vitest'
import { answerQuestion } from '#server/ai/offline/answer/answer.ts'
import { matchedAnswerShape } from '#server/ai/offline/answer/answer-format.ts'
import {
  renderAnswer,
  spokenPart,
  spokenWordCount,
  withinSpokenLimit,
  type AnswerShape,
} from '#server/ai/offline/answer/answer-shape.ts'
import { trustSet } from '#server/ai/offline/eval/development-part.ts'
import { knowledgeBase, parseKnowledgeFiles } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { countWords, splitSentences } from '#server/ai/offline/knowledge/spoken-shape.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { interviewInstructions } from '#server/ai/providers/interview-prompts.ts'
import { DETAIL_HEADING, GIST_MAX_WORDS, gistOf, SPOKEN_MAX_WORDS } from '#rules/spoken-answer.ts'

beforeAll(() => {
  knowledgeIndex()
})

/** What a rendered answer must look like: the gist line first, then the spoken points, then any detail apart. */
function expectShaped(markdown: string) {
  const [first = '', second] = markdown.split('\n')
  expect(first).toMatch(/^\*\*In short:\*\* \S/)
  expect(second ?? '').toBe('')
  expect(countWords(gistOf(markdown))).toBeLessThanOrEqual(GIST_MAX_WORDS)
  expect(spokenWordCount(spokenPart(markdown))).toBeLessThanOrEqual(SPOKEN_MAX_WORDS)
  const detailAt = markdown.indexOf(DETAIL_HEADING)
  if (detailAt !== -1) expect(markdown.slice(detailAt - 2, detailAt)).toBe('\n\n')
}

describe('the answer shape across the knowledge base', () => {
  it.each(knowledgeBase.map((entry) => [entry.id, entry] as const))('%s: gist, spoken points, detail', (_, entry) => {
    const markdown = renderAnswer(matchedAnswerShape(entry, null))
    expectShaped(markdown)
    // Nothing is cut: every sentence of the entry's answer is still there, in the gist or the detail.
    const plain = markdown.replace(/\*\*(Situation|Task|Action|Result):\*\* /g, '$1: ')
    for (const sentence of entry.answer.split(/\b(?:Situation|Task|Action|Result):\s*/).flatMap(splitSentences))
      expect(plain).toContain(sentence)
  })

  it('keeps every spoken part within the limit, and most well under it', () => {
    const words = knowledgeBase.map((entry) =>
      spokenWordCount(spokenPart(renderAnswer(matchedAnswerShape(entry, null)))),
    )
    expect(Math.max(...words)).toBeLessThanOrEqual(SPOKEN_MAX_WORDS)
    expect(words.filter((n) => n <= 60).length / words.length).toBeGreaterThan(0.8)
  })
})

describe('the answer shape on held-out questions', () => {
  const sample = trustSet.questions.filter((_, i) => i % 3 === 0)

  it.each(sample.map((item) => [item.question]))('%s', (question) => {
    const result = answerQuestion({ question })
    expectShaped(result.answer)
    expect(gistOf(result.answer)).toBe(result.gist)
    expect(result.spokenWords).toBe(spokenWordCount(spokenPart(result.answer)))
  })

  it('puts the follow-up note with the detail, after the gist', () => {
    const result = answerQuestion({
      question: 'and what is its time complexity?',
      history: [{ question: 'How does binary search work?', answer: '' }],
    })
    expectShaped(result.answer)
    expect(result.answer).toContain(`${DETAIL_HEADING}\n\n*Following up on: How does binary search work?*`)
  })

  it('abstains in the same shape: says so first, the framework steps to say, the approach as detail', () => {
    const result = answerQuestion({ question: 'How would you explain the offside rule in football?' })
    expect(result.source).toBe('framework')
    expectShaped(result.answer)
    const [spoken = '', detail = ''] = result.answer.split(DETAIL_HEADING)
    expect(spoken).toContain('I have no prepared answer for this question')
    expect(spoken).toContain('- Definition')
    expect(detail).toContain('**How to approach it**')
  })
})

describe('composing within the spoken limit', () => {
  it('moves points that do not fit to the top of the detail, uncut', () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ')
    const shape: AnswerShape = { gist: 'A short gist.', points: [long, long, long], detail: ['Detail.'] }
    const fitted = withinSpokenLimit(shape)
    expect(fitted.points).toEqual([long, long])
    expect(fitted.detail).toEqual([`- ${long}`, '', 'Detail.'])
    expect(spokenWordCount(spokenPart(renderAnswer(fitted)))).toBeLessThanOrEqual(SPOKEN_MAX_WORDS)
  })

  it('leaves a shape that fits as it is', () => {
    const shape: AnswerShape = { gist: 'Gist.', points: ['One point', 'Another point'], detail: [] }
    expect(withinSpokenLimit(shape)).toEqual(shape)
    expect(renderAnswer(shape)).toBe('**In short:** Gist.\n\n- One point\n- Another point')
  })
})

describe('the knowledge schema checks the spoken shape', () => {
  const entry = knowledgeBase.find((e) => e.id === 'ds-hash-map')
  const file = (data: unknown) => [{ category: 'data-structures' as const, data: [data] }]

  it('refuses an entry whose first sentence is too long to be a gist, unless it has a gist', () => {
    const { gist: _gist, ...withoutGist } = entry ?? { gist: undefined }
    expect(() => parseKnowledgeFiles(file(withoutGist))).toThrow(/gist/)
    expect(() => parseKnowledgeFiles(file(entry))).not.toThrow()
  })

  it('refuses a gist over two lines, and a gist and key points over the spoken limit', () => {
    expect(() => parseKnowledgeFiles(file({ ...entry, gist: 'One line.\nAnother line.' }))).toThrow(/one line/)
    const wordy = Array.from({ length: 20 }, () => 'word').join(' ')
    expect(() => parseKnowledgeFiles(file({ ...entry, keyPoints: [wordy, wordy, wordy, wordy] }))).toThrow(/key points/)
  })
})

describe('the provider is asked for the same shape', () => {
  it('names the gist line, the spoken limit and the detail heading', () => {
    const instructions = interviewInstructions({})
    expect(instructions).toContain('"**In short:** "')
    expect(instructions).toContain(`at most ${SPOKEN_MAX_WORDS} words`)
    expect(instructions).toContain(DETAIL_HEADING)
  })

  it('reads the gist of a model answer from its first line', () => {
    expect(gistOf('**In short:** Use a min-heap of size k.\n\n- Push each element')).toBe('Use a min-heap of size k.')
    expect(gistOf('\nA plain first line\n- a point')).toBe('A plain first line')
  })
})
