import { describe, expect, it } from 'vitest'
import { everydayWordings } from '#server/ai/offline/knowledge/everyday-wordings.ts'
import {
  findEntry,
  knowledgeBase,
  knowledgeFiles,
  parseKnowledgeFiles,
} from '#server/ai/offline/knowledge/knowledge-base.ts'
import { categories } from '#server/ai/offline/knowledge/schema.ts'
import { countWords } from '#server/ai/offline/knowledge/spoken-shape.ts'

describe('knowledge base integrity', () => {
  it('has at least 300 entries with unique ids', () => {
    expect(knowledgeBase.length).toBeGreaterThanOrEqual(300)
    expect(new Set(knowledgeBase.map((e) => e.id)).size).toBe(knowledgeBase.length)
  })

  // The first nine categories are the deep ones; the later ones cover what candidates of other roles meet.
  it.each(categories.slice(0, 9))('has at least 25 entries in %s', (category) => {
    expect(knowledgeBase.filter((e) => e.category === category).length).toBeGreaterThanOrEqual(25)
  })

  it.each(categories.slice(9))('has at least 3 entries in %s', (category) => {
    expect(knowledgeBase.filter((e) => e.category === category).length).toBeGreaterThanOrEqual(3)
  })

  it('has every field on every entry', () => {
    for (const entry of knowledgeBase) {
      expect(entry.question.length, entry.id).toBeGreaterThan(8)
      expect(entry.keyPoints.length, entry.id).toBeGreaterThanOrEqual(3)
      expect(entry.keyPoints.length, entry.id).toBeLessThanOrEqual(6)
      expect(entry.tags.length, entry.id).toBeGreaterThanOrEqual(2)
      expect(entry.alternatives.length, entry.id).toBeGreaterThanOrEqual(1)
      expect(entry.alternatives.length, entry.id).toBeLessThanOrEqual(3)
      expect(['easy', 'medium', 'hard']).toContain(entry.difficulty)
    }
  })

  it('keeps answers between 60 and 200 words', () => {
    for (const entry of knowledgeBase) {
      const words = countWords(entry.answer)
      expect(words, entry.id).toBeGreaterThanOrEqual(60)
      expect(words, entry.id).toBeLessThanOrEqual(200)
    }
  })

  it('structures every behavioural answer as Situation, Task, Action, Result, and HR answers as advice and a phrasing', () => {
    for (const entry of knowledgeBase.filter((e) => e.category === 'behavioural')) {
      if (entry.tags.includes('hr')) {
        expect(entry.answer, entry.id).toContain('A phrasing that works:')
        expect(entry.answer, entry.id).not.toMatch(/\b(Situation|Action):/)
      } else
        for (const part of ['Situation:', 'Task:', 'Action:', 'Result:']) expect(entry.answer, entry.id).toContain(part)
    }
  })

  it('has no duplicate questions or phrasings', () => {
    const all = knowledgeBase.flatMap((e) => [e.question, ...e.alternatives]).map((q) => q.toLowerCase())
    expect(new Set(all).size).toBe(all.length)
  })

  it('gives everyday wordings only to entries it has, none repeating an entry question or phrasing', () => {
    expect(everydayWordings.size).toBeGreaterThanOrEqual(200)
    for (const [id, wordings] of everydayWordings) {
      const entry = findEntry(id)
      expect(entry, id).toBeDefined()
      const own = new Set([entry?.question ?? '', ...(entry?.alternatives ?? [])].map((q) => q.toLowerCase()))
      for (const wording of wordings) expect(own.has(wording.toLowerCase()), wording).toBe(false)
    }
  })

  it('covers all three difficulties', () => {
    for (const difficulty of ['easy', 'medium', 'hard']) {
      expect(knowledgeBase.filter((e) => e.difficulty === difficulty).length).toBeGreaterThan(20)
    }
  })

  it('rejects malformed files at load', () => {
    const valid = knowledgeFiles[0]
    if (!valid || !Array.isArray(valid.data)) throw new Error('expected a knowledge file')
    const first: unknown = valid.data[0]
    expect(() => parseKnowledgeFiles([{ category: valid.category, data: [first, first] }])).toThrow(/duplicate id/)
    expect(() => parseKnowledgeFiles([{ category: 'react', data: [first] }])).toThrow(/has category/)
    expect(() => parseKnowledgeFiles([{ category: valid.category, data: [{ id: 'x' }] }])).toThrow(/knowledge base/)
  })
})
