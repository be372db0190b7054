import { beforeAll, describe, expect, it } from 'vitest'
import { generateQuestions } from '#server/ai/offline/practice/generate-questions.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

// The index is built on first use: here, outside any test's time limit, as at import before.
beforeAll(() => {
  knowledgeIndex()
})

describe('generateQuestions', () => {
  it('defaults to five medium questions', () => {
    const result = generateQuestions({ topic: 'React' })
    expect(result.difficulty).toBe('medium')
    expect(result.requestedCount).toBe(5)
    expect(result.questions).toHaveLength(5)
    expect(result.questions.every((q) => q.difficulty === 'medium' && q.category === 'react')).toBe(true)
  })

  it('returns the requested count, from 1 to 20, without duplicates', () => {
    for (const count of [1, 7, 20]) {
      const result = generateQuestions({ topic: 'system design', count })
      expect(result.questions).toHaveLength(count)
      expect(new Set(result.questions.map((q) => q.id)).size).toBe(count)
    }
  })

  it('rejects counts outside 1–20 and empty topics', () => {
    expect(() => generateQuestions({ topic: 'React', count: 0 })).toThrow()
    expect(() => generateQuestions({ topic: 'React', count: 21 })).toThrow()
    expect(() => generateQuestions({ topic: 'React', count: 2.5 })).toThrow()
    expect(() => generateQuestions({ topic: '  ' })).toThrow()
  })

  it('respects the requested difficulty when enough questions fit', () => {
    const result = generateQuestions({ topic: 'SQL', difficulty: 'easy', count: 4 })
    expect(result.questions.every((q) => q.difficulty === 'easy' && q.category === 'sql-databases')).toBe(true)
    expect(result.filledFromDifficulties).toEqual([])
    expect(result.notes).toEqual([])
  })

  it('fills from neighbouring difficulties and says so', () => {
    const result = generateQuestions({ topic: 'behavioural', difficulty: 'hard', count: 8 })
    const hard = result.questions.filter((q) => q.difficulty === 'hard')
    expect(hard.length).toBeGreaterThan(0)
    expect(hard.length).toBeLessThan(8)
    expect(result.questions.every((q) => q.category === 'behavioural')).toBe(true)
    expect(result.filledFromDifficulties).toEqual([{ difficulty: 'medium', count: 8 - hard.length }])
    expect(result.notes.join(' ')).toMatch(/hard question/)
    // Exact-difficulty questions come first.
    expect(result.questions.slice(0, hard.length).every((q) => q.difficulty === 'hard')).toBe(true)
  })

  it('matches topics through the index, not just category names', () => {
    const result = generateQuestions({ topic: 'hash maps', count: 4 })
    for (const q of result.questions) {
      const tags = findEntry(q.id)?.tags.join(' ') ?? ''
      expect(tags).toMatch(/hash/)
    }
    const kafka = generateQuestions({ topic: 'Kafka', count: 3 })
    expect(kafka.questions.every((q) => q.category === 'system-design')).toBe(true)
  })

  it('is deterministic for the same input and varies with the input', () => {
    const input = { topic: 'databases', difficulty: 'medium' as const, count: 6 }
    expect(generateQuestions(input)).toEqual(generateQuestions(input))
    const other = generateQuestions({ ...input, topic: 'react' })
    expect(other.questions.map((q) => q.id)).not.toEqual(generateQuestions(input).questions.map((q) => q.id))
  })

  it('blends in questions from the job description', () => {
    const result = generateQuestions({
      topic: 'backend',
      count: 6,
      jobDescription: 'You will build services on PostgreSQL and Kafka, with an event-driven architecture.',
    })
    const categories = new Set(result.questions.map((q) => q.category))
    expect(categories.has('sql-databases')).toBe(true)
    expect(categories.has('system-design')).toBe(true)
    expect(result.usedJobDescription).toBe(true)
    expect(result.jobDescriptionKeywords).toEqual(expect.arrayContaining(['kafka', 'postgresql']))
  })

  it('uses the job description alone when the topic matches nothing', () => {
    const result = generateQuestions({
      topic: 'underwater basket weaving',
      count: 3,
      jobDescription: 'Kubernetes, Terraform and CI/CD pipelines',
    })
    expect(result.topicMatched).toBe(false)
    expect(result.questions).toHaveLength(3)
    expect(result.questions.every((q) => q.category === 'testing-devops')).toBe(true)
    expect(result.notes[0]).toMatch(/job description/)
  })

  it('still returns questions, with a note, for an unknown topic', () => {
    const result = generateQuestions({ topic: 'underwater basket weaving' })
    expect(result.topicMatched).toBe(false)
    expect(result.questions).toHaveLength(5)
    expect(result.notes[0]).toMatch(/general mix/)
  })

  it('gives every question key points and a hint', () => {
    for (const q of generateQuestions({ topic: 'JavaScript', count: 10 }).questions) {
      expect(q.keyPoints.length).toBeGreaterThanOrEqual(3)
      expect(q.hint).toContain(q.keyPoints[0] ?? '')
    }
  })
})
