import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { addedEntryGrades, withAddedEntryGrades } from '#server/ai/offline/eval/added-entry-grades.ts'
import type { EvaluationPart } from '#server/ai/offline/eval/answer-evaluation.ts'
import { testPartsAsFirstLabelled } from '#server/ai/offline/eval/test-part.ts'
import { findEntry } from '#server/ai/offline/knowledge/knowledge-base.ts'

const part: EvaluationPart = {
  name: 'sample',
  questions: [
    { question: 'Is a night shift fine for you?', accept: ['none'] },
    { question: 'What is a hash map?', accept: ['ds-hash-map'] },
  ],
  followUps: [{ previous: 'What is a mutex?', question: 'And a semaphore?', isFollowUp: true, accept: ['none'] }],
}

describe('blind grades of entries added after a test part was written (decision 0136)', () => {
  it('joins a graded entry to the labels and drops "none", leaving ungraded questions as labelled', () => {
    const graded = withAddedEntryGrades(part, {
      about: 'sample',
      addedEntries: ['beh-shift-work', 'os-semaphore'],
      grades: [
        { part: 'sample', question: 'Is a night shift fine for you?', accept: ['beh-shift-work'] },
        { part: 'sample', previous: 'What is a mutex?', question: 'And a semaphore?', accept: ['os-semaphore'] },
        { part: 'another part', question: 'What is a hash map?', accept: ['beh-shift-work'] },
      ],
    })
    expect(graded.questions.map((q) => q.accept)).toEqual([['beh-shift-work'], ['ds-hash-map']])
    expect(graded.followUps[0]?.accept).toEqual(['os-semaphore'])
  })

  it('grades each question of a real part at most once, with added entries the knowledge base has and the labels lack', () => {
    const parts = new Map(testPartsAsFirstLabelled.map((p) => [p.name, p]))
    const added = new Set(addedEntryGrades.addedEntries)
    const seen = new Set<string>()
    for (const grade of addedEntryGrades.grades) {
      const key = `${grade.part}\n${grade.previous ?? ''}\n${grade.question}`
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
      const graded = parts.get(grade.part)
      expect(graded, grade.part).toBeDefined()
      const labels =
        grade.previous === undefined
          ? graded?.questions.find((q) => q.question === grade.question)?.accept
          : graded?.followUps.find((f) => f.previous === grade.previous && f.question === grade.question)?.accept
      expect(labels, key).toBeDefined()
      for (const id of grade.accept) {
        expect(added.has(id), `${key}: ${id}`).toBe(true)
        expect(findEntry(id), `${key}: ${id}`).toBeDefined()
        expect(labels, `${key}: ${id}`).not.toContain(id)
      }
    }
  })

  it('is the file the grader wrote before the engine with the added entries was measured: it is never changed', () => {
    const text = readFileSync(new URL('../../../server/ai/offline/eval/added-entry-grades.json', import.meta.url))
    expect(createHash('sha256').update(text).digest('hex')).toBe(
      'be84fc9c5df498c22b5a54eb3a4cd4e10ea713c34ceaf0b9e630a30749bce4fe',
    )
  })
})
