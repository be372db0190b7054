import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseJsonReply } from '#server/ai/providers/json-reply.ts'
import { communicationReplySchema, questionsReplySchema } from '#server/ai/providers/reply-schemas.ts'

const shape = z.object({ answer: z.string(), points: z.array(z.string()) })

describe('parseJsonReply', () => {
  it('reads a bare JSON reply', () => {
    expect(parseJsonReply('{"answer":"a","points":["x"]}', shape)).toEqual({
      ok: true,
      value: { answer: 'a', points: ['x'] },
    })
  })

  it('finds JSON inside code fences or prose, braces in strings included', () => {
    const fenced = 'Here it is:\n```json\n{"answer": "use {} maps", "points": []}\n```\nHope that helps!'
    expect(parseJsonReply(fenced, shape)).toMatchObject({ ok: true, value: { answer: 'use {} maps' } })
    const prose = 'Sure. {"answer": "say \\"hi\\" }", "points": ["a"]} That is all.'
    expect(parseJsonReply(prose, shape)).toMatchObject({ ok: true, value: { answer: 'say "hi" }' } })
  })

  it('skips JSON that does not match and takes a later object that does', () => {
    const reply = 'Example: {"foo": 1}. Answer: {"answer": "b", "points": []}'
    expect(parseJsonReply(reply, shape)).toMatchObject({ ok: true, value: { answer: 'b' } })
  })

  it('says why a reply cannot be used', () => {
    expect(parseJsonReply('no json here', shape)).toEqual({ ok: false, problem: 'the reply contains no JSON object' })
    const wrong = parseJsonReply('{"answer": 3}', shape)
    expect(wrong.ok).toBe(false)
    expect(!wrong.ok && wrong.problem).toMatch(/answer: .*; points: /)
  })
})

describe('reply schemas', () => {
  it('normalises question categories and difficulty, accepts a bare array, and keeps the count', () => {
    const schema = questionsReplySchema('medium', 2)
    const parsed = parseJsonReply(
      JSON.stringify([
        { question: 'Q1', category: 'System Design', difficulty: 'HARD', keyPoints: ['a', ' '] },
        { question: 'Q2', category: 'trivia', difficulty: 'impossible' },
        { question: 'Q3', category: 'coding', difficulty: 'easy', keyPoints: [] },
      ]),
      schema,
    )
    expect(parsed).toEqual({
      ok: true,
      value: [
        { question: 'Q1', category: 'system-design', difficulty: 'hard', keyPoints: ['a'] },
        { question: 'Q2', category: 'general', difficulty: 'medium', keyPoints: [] },
      ],
    })
  })

  it('clamps and rounds a communication score given as text', () => {
    const parsed = parseJsonReply('{"improvedResponse": "Better.", "score": "11.6"}', communicationReplySchema)
    expect(parsed).toEqual({
      ok: true,
      value: { improvedResponse: 'Better.', strengths: [], suggestions: [], score: 10 },
    })
  })
})
