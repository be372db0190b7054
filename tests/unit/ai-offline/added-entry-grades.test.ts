import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { addedEntryGradeRounds, withAddedEntryGrades } from '#server/ai/offline/eval/added-entry-grades.ts'
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
    const graded = withAddedEntryGrades(part, [
      {
        about: 'sample',
        addedEntries: ['beh-shift-work', 'os-semaphore'],
        grades: [
          { part: 'sample', question: 'Is a night shift fine for you?', accept: ['beh-shift-work'] },
          { part: 'sample', previous: 'What is a mutex?', question: 'And a semaphore?', accept: ['os-semaphore'] },
          { part: 'another part', question: 'What is a hash map?', accept: ['beh-shift-work'] },
        ],
      },
    ])
    expect(graded.questions.map((q) => q.accept)).toEqual([['beh-shift-work'], ['ds-hash-map']])
    expect(graded.followUps[0]?.accept).toEqual(['os-semaphore'])
  })

  it('joins the grades of every round, each entry once, and leaves the labels of a question no round grades', () => {
    const first = { part: 'sample', question: 'Is a night shift fine for you?', accept: ['beh-shift-work'] }
    const graded = withAddedEntryGrades(part, [
      { about: 'first round', addedEntries: ['beh-shift-work'], grades: [first] },
      {
        about: 'second round',
        addedEntries: ['beh-shift-work', 'beh-night-rota'],
        grades: [{ ...first, accept: ['beh-night-rota', 'beh-shift-work'] }],
      },
    ])
    expect(graded.questions.map((q) => q.accept)).toEqual([['beh-shift-work', 'beh-night-rota'], ['ds-hash-map']])
    expect(graded.followUps[0]?.accept).toEqual(['none'])
  })

  it.each(addedEntryGradeRounds)(
    '$file grades each question of a real part at most once, with added entries the knowledge base has and the labels lack',
    ({ round }) => {
      const parts = new Map(testPartsAsFirstLabelled.map((p) => [p.name, p]))
      const added = new Set(round.addedEntries)
      const seen = new Set<string>()
      for (const grade of round.grades) {
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
    },
  )

  it.each(addedEntryGradeRounds)(
    '$file grades only parts labelled before its entries were added: no label of such a part names one',
    ({ round }) => {
      const added = new Set(round.addedEntries)
      for (const name of new Set(round.grades.map((grade) => grade.part))) {
        const graded = testPartsAsFirstLabelled.find((p) => p.name === name)
        const labels = [...(graded?.questions ?? []), ...(graded?.followUps ?? [])].flatMap((q) => q.accept)
        expect(
          labels.filter((id) => added.has(id)),
          name,
        ).toEqual([])
      }
    },
  )

  // Each round is the file its graders wrote before the engine with its entries was measured: it is never changed.
  const pinned: Record<string, string> = {
    'added-entry-grades.json': 'be84fc9c5df498c22b5a54eb3a4cd4e10ea713c34ceaf0b9e630a30749bce4fe',
    'added-entry-grades-coding-problems.json': '6a3482c1005f04b554d8f039daf7115fab4bf185cb460761626258a982aae755',
    'added-entry-grades-design-ml-security.json': '2a2e42bc5207ca3c1143bcdb875af02df2dee11b492081d1ab23d154a90a468e',
  }
  it.each(addedEntryGradeRounds)('$file is the file its graders wrote, unchanged', ({ file }) => {
    const text = readFileSync(new URL(`../../../server/ai/offline/eval/${file}`, import.meta.url))
    expect(createHash('sha256').update(text).digest('hex')).toBe(pinned[file])
  })
})
