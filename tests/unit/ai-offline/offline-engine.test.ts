/**
 * The offline engine behind the `AiEngine` interface: every result parses with the ai-schemas
 * schemas, streaming reassembles to the same answer, and the knowledge base's extra fields
 * (matches, confidence, communication metrics…) come through.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { AiProviderError } from '#server/ai/ai-errors.ts'
import {
  answerResultSchema,
  answerStreamEventSchema,
  communicationFeedbackSchema,
  generatedQuestionsSchema,
  questionAnalysisSchema,
  type AnswerStreamEvent,
} from '#server/ai/ai-schemas.ts'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'
import { estimateTokens, estimateUsage } from '#server/ai/offline/usage-estimate.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

// The index is built on first use: here, outside any test's time limit, as at import before.
beforeAll(() => {
  knowledgeIndex()
})

const engine = createOfflineEngine()
const context = { role: 'Backend engineer', resume: 'Five years of Go and PostgreSQL at a payments company.' }

async function rejection(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AiProviderError)
  return error as AiProviderError
}

describe('answer', () => {
  it('answers from the knowledge base with its matches, confidence and an estimated usage', async () => {
    const result = answerResultSchema.parse(await engine.answer({ question: 'How does a hash map work?', context }))
    expect(result).toMatchObject({ provider: 'offline', model: 'interview-kb-v1' })
    expect(result.text).toMatch(/hash function/i)
    expect(result.matches?.[0]?.id).toBe('ds-hash-map')
    expect(result.confidence).toBeGreaterThanOrEqual(0.5)
    expect(result.latencyMs).toBeGreaterThanOrEqual(0)
    expect(result.usage.inputTokens).toBeGreaterThan(0)
    expect(result.usage.outputTokens).toBe(estimateTokens(result.text))
    expect(result.usage.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens)
  })

  it('carries the gist, the line the text opens with', async () => {
    const result = answerResultSchema.parse(await engine.answer({ question: 'How does a hash map work?' }))
    expect(result.gist).toMatch(/^A hash map stores key-value pairs/)
    expect(result.text.split('\n')[0]).toBe(`**In short:** ${result.gist ?? ''}`)
  })

  it('gives a structured fallback, with a low confidence, for questions it has no entry for', async () => {
    const result = answerResultSchema.parse(
      await engine.answer({ question: 'How do you brew Ethiopian coffee with a Chemex?' }),
    )
    expect(result.confidence).toBeLessThan(0.5)
    expect(result.text).toMatch(/I have no prepared answer for this question/)
  })

  it('streams delta events and exactly one done event that reassemble to the same answer', async () => {
    const input = { question: 'Explain closures in JavaScript', context }
    const events: AnswerStreamEvent[] = []
    for await (const event of engine.streamAnswer(input)) events.push(answerStreamEventSchema.parse(event))
    const deltas = events.filter((event) => event.type === 'delta')
    const done = events.filter((event) => event.type === 'done')
    expect(deltas.length).toBeGreaterThan(3)
    expect(done).toHaveLength(1)
    expect(events.at(-1)?.type).toBe('done')
    const streamed = deltas.map((event) => event.text).join('')
    expect(streamed).toBe(done[0]?.type === 'done' ? done[0].result.text : '')
    expect(streamed).toBe((await engine.answer(input)).text)
  })

  it('rejects invalid input and aborted calls with AiProviderError codes', async () => {
    expect((await rejection(engine.answer({ question: '   ' }))).code).toBe('bad_request')
    const aborted = AbortSignal.abort()
    expect((await rejection(engine.answer({ question: 'What is a trie?' }, { signal: aborted }))).code).toBe('aborted')
    const stream = engine.streamAnswer({ question: 'What is a trie?' }, { signal: aborted })
    expect((await rejection(stream[Symbol.asyncIterator]().next())).code).toBe('aborted')
  })

  it('reads a question longer than the knowledge base accepts rather than failing', async () => {
    const question = `How does a hash map work? ${'Some more detail. '.repeat(400)}`
    expect(question.length).toBeGreaterThan(4000)
    const result = answerResultSchema.parse(await engine.answer({ question }))
    expect(result.text.length).toBeGreaterThan(0)
  })
})

describe('analyzeQuestion', () => {
  it('maps the analysis onto the common shape and keeps type, approach and related questions', async () => {
    const result = questionAnalysisSchema.parse(
      await engine.analyzeQuestion({ question: 'Tell me about a time you disagreed with your manager.' }),
    )
    expect(result).toMatchObject({ category: 'behavioral', type: 'behavioural', provider: 'offline' })
    expect(result.intent).toMatch(/what you did yourself/)
    expect(result.answerOutline.length).toBeGreaterThanOrEqual(3)
    expect(result.followUpQuestions.length).toBeGreaterThanOrEqual(2)
    expect(result.relatedQuestions?.length).toBeGreaterThan(0)
    expect(result.suggestedApproach).toMatch(/Situation/)
  })

  it.each([
    ['How would you design a URL shortener?', 'system-design'],
    ['Write a function that reverses a linked list.', 'coding'],
    ['What is the difference between TCP and UDP?', 'technical'],
    ['What would you do if a teammate missed a deadline?', 'situational'],
    ['What is your favourite colour?', 'general'],
  ])('files "%s" under %s', async (question, category) => {
    const result = questionAnalysisSchema.parse(await engine.analyzeQuestion({ question }))
    expect(result.category).toBe(category)
  })
})

describe('generateQuestions', () => {
  it('returns the requested number of questions with hints and their knowledge-base ids', async () => {
    const result = generatedQuestionsSchema.parse(
      await engine.generateQuestions({ topic: 'React hooks', difficulty: 'medium', count: 4 }),
    )
    expect(result.questions).toHaveLength(4)
    for (const question of result.questions) {
      expect(question.hint).toMatch(/\S/)
      expect(question.sourceId).toMatch(/^[a-z0-9-]+$/)
      expect(question.keyPoints.length).toBeGreaterThanOrEqual(3)
    }
    expect(result.notes).toBeInstanceOf(Array)
  })

  it('applies the defaults and explains substitutions in notes', async () => {
    const result = generatedQuestionsSchema.parse(
      await engine.generateQuestions({ topic: 'underwater basket weaving' }),
    )
    expect(result.questions).toHaveLength(5)
    expect(result.notes?.join(' ')).toMatch(/No questions matched the topic/)
  })
})

describe('improveCommunication', () => {
  const response =
    'Um, so basically at my last job we had a legacy monolith that was, like, really slow. My task was to speed up checkout. ' +
    'I profiled the service, I moved the tax calculation into a cache and I added a load test to our pipeline. ' +
    'As a result checkout latency fell by 40 percent and we stopped getting timeout complaints.'

  it('keeps the 1–10 score required of every engine and adds the clarity score, metrics, issues and STAR', async () => {
    const result = communicationFeedbackSchema.parse(await engine.improveCommunication({ response }))
    expect(result.clarity?.score).toBeGreaterThan(0)
    expect(result.score).toBe(Math.min(10, Math.max(1, Math.round((result.clarity?.score ?? 0) / 10))))
    expect(result.metrics?.fillers.total).toBeGreaterThanOrEqual(3)
    expect(result.issues?.map((issue) => issue.type)).toContain('fillers')
    expect(result.star).toMatchObject({ applicable: true, missing: [] })
    expect(result.strengths).toContain('A complete STAR story: situation, task, action and result.')
    expect(result.suggestions.length).toBeGreaterThan(0)
    expect(result.detailedSuggestions?.[0]?.message).toBe(result.suggestions[0])
    expect(result.improvedResponse).not.toMatch(/\bum\b/i)
  })

  it('scores a poor answer low without going below 1', async () => {
    const result = communicationFeedbackSchema.parse(
      await engine.improveCommunication({
        response: 'Um, like, I guess, um, maybe, basically, you know, kind of, um, sort of.',
      }),
    )
    expect(result.score).toBeGreaterThanOrEqual(1)
    expect(result.score).toBeLessThanOrEqual(6)
  })
})

describe('usage estimate', () => {
  it('counts about four tokens for every three words', () => {
    expect(estimateTokens('')).toBe(0)
    expect(estimateTokens('one two three')).toBe(4)
    expect(estimateUsage(['one two three', undefined], ['a b c d e f'])).toEqual({
      inputTokens: 4,
      outputTokens: 8,
      totalTokens: 12,
    })
  })
})
