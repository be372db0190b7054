/**
 * Blind grades of the test parts against knowledge-base entries added after the parts were written
 * (decision 0136). A test part's labels are never changed; where an entry added later answers one
 * of its questions, a grader who did not write the entry and never saw the engine's answers says so
 * here, once, before the engine with the entry is measured on the part. Without these grades every
 * new entry that answers a question labelled "none" would count as confidently wrong, and the
 * knowledge base could never grow.
 */
import { z } from 'zod'
import type { EvaluationPart } from './answer-evaluation.ts'
import addedEntryGradesData from './added-entry-grades.json' with { type: 'json' }

const gradeSchema = z.strictObject({
  /** The part's name, as `test-part.ts` names it. */
  part: z.string().min(1),
  /** For a follow-up pair, the question asked before it. */
  previous: z.string().trim().min(3).optional(),
  question: z.string().trim().min(3),
  /** The added entries that answer the question (or the follow-up, in the light of the previous question). */
  accept: z.array(z.string().min(1)).min(1),
})

const addedEntryGradesSchema = z.strictObject({
  about: z.string(),
  /** Every entry the grader read; a grade names only these. */
  addedEntries: z.array(z.string().min(1)),
  grades: z.array(gradeSchema),
})
export type AddedEntryGrades = z.infer<typeof addedEntryGradesSchema>

export const addedEntryGrades: AddedEntryGrades = addedEntryGradesSchema.parse(addedEntryGradesData)

/** The entries a question accepts once the grades are read: its own labels (less "none") and the graded ones. */
function withGrades(accept: readonly string[], graded: readonly string[] | undefined): readonly string[] {
  if (graded === undefined) return accept
  return [...accept.filter((id) => id !== 'none'), ...graded]
}

const pairKey = (previous: string, question: string) => `${previous}\n${question}`

/** The part with the blind grades of added entries joined to its labels. */
export function withAddedEntryGrades(
  part: EvaluationPart,
  grades: AddedEntryGrades = addedEntryGrades,
): EvaluationPart {
  const ofPart = grades.grades.filter((grade) => grade.part === part.name)
  const questions = new Map(ofPart.filter((g) => g.previous === undefined).map((g) => [g.question, g.accept]))
  const pairs = new Map(
    ofPart.flatMap((g) => (g.previous === undefined ? [] : [[pairKey(g.previous, g.question), g.accept] as const])),
  )
  return {
    ...part,
    questions: part.questions.map((q) => ({ ...q, accept: withGrades(q.accept, questions.get(q.question)) })),
    followUps: part.followUps.map((f) => ({
      ...f,
      accept: withGrades(f.accept, pairs.get(pairKey(f.previous, f.question))),
    })),
  }
}
