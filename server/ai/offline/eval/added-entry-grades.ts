/**
 * Blind grades of the test parts against knowledge-base entries added after the parts were written
 * (decision 0136). A test part's labels are never changed; where an entry added later answers one
 * of its questions, a grader who did not write the entry and never saw the engine's answers says so
 * here, once, before the engine with the entry is measured on the part. Without these grades every
 * new entry that answers a question labelled "none" would count as confidently wrong, and the
 * knowledge base could never grow.
 *
 * Each time the knowledge base grows, its grades are a round of their own, in a file of their own:
 * a round is never changed once written, so the next round cannot rewrite an earlier one.
 */
import { z } from 'zod'
import type { EvaluationPart } from './answer-evaluation.ts'
import firstRoundData from './added-entry-grades.json' with { type: 'json' }
import codingProblemsRoundData from './added-entry-grades-coding-problems.json' with { type: 'json' }
import designMlSecurityRoundData from './added-entry-grades-design-ml-security.json' with { type: 'json' }

const gradeSchema = z.strictObject({
  /** The part's name, as `test-part.ts` names it. */
  part: z.string().min(1),
  /** For a follow-up pair, the question asked before it. */
  previous: z.string().trim().min(3).optional(),
  question: z.string().trim().min(3),
  /** The added entries that answer the question (or the follow-up, in the light of the previous question). */
  accept: z.array(z.string().min(1)).min(1),
})

const gradeRoundSchema = z.strictObject({
  about: z.string(),
  /** Every entry the grader read; a grade names only these. */
  addedEntries: z.array(z.string().min(1)),
  grades: z.array(gradeSchema),
})
export type AddedEntryGrades = z.infer<typeof gradeRoundSchema>

/** The rounds in the order they were graded, each with the file it was written to. */
export const addedEntryGradeRounds: readonly { file: string; round: AddedEntryGrades }[] = [
  { file: 'added-entry-grades.json', round: gradeRoundSchema.parse(firstRoundData) },
  { file: 'added-entry-grades-coding-problems.json', round: gradeRoundSchema.parse(codingProblemsRoundData) },
  { file: 'added-entry-grades-design-ml-security.json', round: gradeRoundSchema.parse(designMlSecurityRoundData) },
]

const pairKey = (previous: string | undefined, question: string) => `${previous ?? ''}\n${question}`

/** The added entries the rounds' grades name for each question of the part, keyed by its previous question and itself. */
function gradedEntries(partName: string, rounds: readonly AddedEntryGrades[]): Map<string, Set<string>> {
  const graded = new Map<string, Set<string>>()
  for (const grade of rounds.flatMap((round) => round.grades)) {
    if (grade.part !== partName) continue
    const key = pairKey(grade.previous, grade.question)
    graded.set(key, new Set([...(graded.get(key) ?? []), ...grade.accept]))
  }
  return graded
}

/** The entries a question accepts once the grades are read: its own labels (less "none") and the graded ones. */
function withGrades(accept: readonly string[], graded: ReadonlySet<string> | undefined): readonly string[] {
  if (graded === undefined) return accept
  return [...accept.filter((id) => id !== 'none'), ...graded]
}

/** The part with the blind grades of added entries joined to its labels. */
export function withAddedEntryGrades(
  part: EvaluationPart,
  rounds: readonly AddedEntryGrades[] = addedEntryGradeRounds.map(({ round }) => round),
): EvaluationPart {
  const graded = gradedEntries(part.name, rounds)
  return {
    ...part,
    questions: part.questions.map((q) => ({
      ...q,
      accept: withGrades(q.accept, graded.get(pairKey(undefined, q.question))),
    })),
    followUps: part.followUps.map((f) => ({
      ...f,
      accept: withGrades(f.accept, graded.get(pairKey(f.previous, f.question))),
    })),
  }
}
