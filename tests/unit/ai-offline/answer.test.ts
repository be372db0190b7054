import { beforeAll, describe, expect, it } from 'vitest'
import type { AnswerStreamEvent } from '#server/ai/ai-schemas.ts'
import { analyzeQuestion } from '#server/ai/offline/answer/analyze-question.ts'
import { answerQuestion, chunkWords } from '#server/ai/offline/answer/answer.ts'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'
import { CONFIDENCE_THRESHOLD } from '#rules/answer-confidence.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

// The index is built on first use: here, outside any test's time limit, as at import before.
beforeAll(() => {
  knowledgeIndex()
})

/** The text deltas of a streamed answer. */
async function collect(events: AsyncIterable<AnswerStreamEvent>): Promise<string[]> {
  const chunks: string[] = []
  for await (const event of events) if (event.type === 'delta') chunks.push(event.text)
  return chunks
}

describe('answerQuestion', () => {
  it('adapts the model answer: gist, key points to say, then the explanation as detail', () => {
    const result = answerQuestion({ question: 'so um how does a hash map work' })
    expect(result.provider).toBe('offline')
    expect(result.model).toBe('interview-kb-v1')
    expect(result.category).toBe('data-structures')
    expect(result.matches[0]?.id).toBe('ds-hash-map')
    expect(result.answer).toMatch(/^\*\*In short:\*\* A hash map stores key-value pairs/)
    expect(result.gist).toMatch(/^A hash map stores key-value pairs/)
    const [spoken = '', detail = ''] = result.answer.split('\n**More detail**\n')
    expect(spoken).toContain('- Hash function maps a key to a bucket index')
    expect(detail).toContain('a good, well-distributed hash function matters')
    expect(result.answer).not.toContain('Tie it to your experience')
  })

  it('adds a line tying the answer to the candidate when a role or résumé is given', () => {
    const result = answerQuestion({
      question: 'How do you manage state?',
      context: { role: 'Senior React developer', resume: '6 years building apps with React and Redux.' },
    })
    // The role is the one applied for: never presented as the candidate's own.
    expect(result.answer).toContain('**Tie it to your experience:** From your own experience (6 years)')
    expect(result.answer).toContain('the Senior React developer role you are applying for')
    expect(result.answer).toMatch(/Redux/)
  })

  it('formats behavioural answers as STAR steps', () => {
    const result = answerQuestion({ question: 'Describe a conflict you had with a colleague' })
    expect(result.category).toBe('behavioural')
    for (const part of ['Situation', 'Task', 'Action', 'Result']) expect(result.answer).toContain(`- **${part}:**`)
  })

  it('falls back to a structured, useful answer below the confidence threshold', () => {
    const result = answerQuestion({ question: 'How would you explain the offside rule in football?' })
    expect(result.confidence).toBeLessThan(CONFIDENCE_THRESHOLD)
    expect(result.answer).toMatch(/^\*\*In short:\*\* I have no prepared answer for this question/)
    expect(result.gist).toContain('Define → Explain → Example → Trade-offs')
    expect(result.answer).toContain('- Trade-offs and alternatives')
    expect(result.answer).toContain('**How to approach it**')
    expect(result.answer).toContain('**Clarifying questions you can ask**')
    // Spoken to the candidate: no engine words, and key words named as key words, not as a topic.
    expect(result.answer).not.toMatch(/knowledge base|offline/i)
    expect(result.gist).toMatch(/^I have no prepared answer for this question \(its key words: [^)]+\)\. /)
  })

  it('uses the behavioural framework for an unknown behavioural question', () => {
    const result = answerQuestion({ question: 'Tell me about a time you organised a charity bake sale' })
    expect(result.answer).toContain('STAR')
  })

  it.each([
    'What is the capital of France?',
    '???',
    'asdf qwer zxcv',
    'um',
    'Tell me about yourself',
    'Design a system like Uber',
    'write a function to reverse a linked list',
  ])('never returns an empty answer (%s)', (question) => {
    const result = answerQuestion({ question })
    expect(result.answer.trim().length).toBeGreaterThan(100)
  })

  it('rejects an empty question', () => {
    expect(() => answerQuestion({ question: '   ' })).toThrow()
  })
})

describe('streamAnswer', () => {
  it('streams the same answer in word groups', async () => {
    const input = { question: 'What is a closure in JavaScript?' }
    const chunks = await collect(createOfflineEngine({ wordsPerChunk: 3 }).streamAnswer(input))
    expect(chunks.length).toBeGreaterThan(10)
    expect(chunks.join('')).toBe(answerQuestion(input).answer)
    expect(chunks.slice(0, -1).every((c) => c.trim().split(/\s+/).length === 3)).toBe(true)
  })

  it('chunks text losslessly, including whitespace', () => {
    const text = '  one two\n\nthree  four five '
    expect(chunkWords(text, 2).join('')).toBe(text)
    expect(chunkWords('', 4)).toEqual([])
  })
})

describe('analyzeQuestion', () => {
  it('classifies question types', () => {
    expect(analyzeQuestion({ question: 'Tell me about a time you missed a deadline' }).type).toBe('behavioural')
    expect(analyzeQuestion({ question: 'How would you design a URL shortener?' }).type).toBe('system-design')
    expect(analyzeQuestion({ question: 'Write a function to reverse a linked list' }).type).toBe('coding')
    expect(analyzeQuestion({ question: 'What is the virtual DOM?' }).type).toBe('technical')
  })

  it('reports category, difficulty, topics, approach and related questions', () => {
    const analysis = analyzeQuestion({ question: 'How would you design a url shortner?' })
    expect(analysis.category).toBe('system-design')
    expect(analysis.difficulty).toBe('medium')
    expect(analysis.keyTopics).toContain('url shortener')
    expect(analysis.suggestedApproach).toContain('Requirements')
    expect(analysis.relatedQuestions.length).toBeGreaterThan(0)
    expect(analysis.relatedQuestions.map((q) => q.id)).not.toContain('sd-url-shortener')
  })

  it('estimates difficulty and a category for unknown questions', () => {
    const analysis = analyzeQuestion({
      question: 'How would you design a distributed system for tracking every football match at scale?',
    })
    expect(analysis.type).toBe('system-design')
    expect(analysis.difficulty).toBe('hard')
    expect(analysis.category).toBe('system-design')
  })
})
