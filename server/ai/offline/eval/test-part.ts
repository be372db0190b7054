/**
 * The test parts of the answer evaluation, written from interview categories and real phrasings
 * before the engine was changed, only measured. A label may name an entry the knowledge base does
 * not have ("none" where no entry was meant): then no entry answers the question and abstaining is
 * right.
 * - test-set.json (decision 0085): measured by several designs since, so it is "seen before".
 * - fresh-test-set.json (decision 0111): written before decision 0111's changes.
 * - second-fresh-test-set.json (decision 0119): written because the fresh part had been measured by
 *   two designs, before the engine changes it measures.
 *   These three are development data from decision 0140 (development-part.ts): measured by many
 *   designs, their figures no longer predicted the next question.
 * - third-fresh-test-set.json (decision 0133): written because the second fresh part had been
 *   measured by several designs, before the engine change it measures. Development data from
 *   decision 0144, measured by the designs of six sessions.
 * - fourth-fresh-test-set.json (decision 0136): written because the third fresh part was being used to judge engine
 *   and knowledge-base changes, before the changes it measures. Development data from decision 0147, measured by
 *   the designs of seven sessions.
 * - fifth-fresh-test-set.json (decision 0139): written because the fourth fresh part had been measured by the design
 *   it was written for, before the next change; labelled against the knowledge base as it then stood, so no blind
 *   grade of an added entry covers it.
 * - sixth-fresh-test-set.json (decision 0141): written while the fifth fresh part was judging the engine changes, before
 *   the next ones; labelled against the knowledge base as it then stood, so no blind grade of an added entry covers it.
 * - seventh-fresh-test-set.json (decision 0143): written while the sixth fresh part was about to judge engine changes,
 *   before them; labelled against the knowledge base as it then stood, so no blind grade of an added entry covers it.
 * - eighth-fresh-test-set.json (decision 0148): written while the seventh fresh part was about to judge engine changes,
 *   before them; labelled against the knowledge base as it then stood, so no blind grade of an added entry covers it.
 *   The fifth to eighth are development data from decision 0176, measured by the designs of some thirty decisions.
 * - ninth-fresh-test-set.json (decision 0151): written while the eighth fresh part was about to judge engine changes,
 *   before them; labelled against the knowledge base as it then stood, so no blind grade of an added entry covers it;
 *   its misses are never printed.
 * - tenth-fresh-test-set.json (decision 0156): written while the ninth fresh part was about to judge engine changes,
 *   before them; labelled against the knowledge base as it then stood, so no blind grade of an added entry covers it;
 *   its misses are never printed.
 * - eleventh-fresh-test-set.json (decision 0161): written after the tenth fresh part had judged engine changes, before
 *   the next ones; labelled against the knowledge base as it then stood, so no blind grade of an added entry covers it;
 *   its misses are never printed.
 * - twelfth-fresh-test-set.json (decision 0164): written while the eleventh fresh part was about to judge engine changes,
 *   before them; labelled against the knowledge base as it then stood, so no blind grade of an added entry covers it;
 *   its misses are never printed.
 * - thirteenth-fresh-test-set.json (decision 0170): written after the twelfth fresh part had judged engine changes, before
 *   the next ones; labelled against the knowledge base as it then stood, so no blind grade of an added entry covers it;
 *   its misses are never printed.
 * - fourteenth-fresh-test-set.json (decision 0174): written after the thirteenth fresh part had judged engine changes,
 *   before the next ones; labelled against the knowledge base as it then stood, so no blind grade of an added entry
 *   covers it; its misses are never printed.
 * - fifteenth-fresh-test-set.json (decision 0177): written after the fifth to eighth became development data and after
 *   the engine changes of decision 0176 were chosen, before it was measured; labelled against the knowledge base as it
 *   then stood, so no blind grade of an added entry covers it; its misses are never printed.
 */
import { z } from 'zod'
import { interviewContextSchema } from '#server/ai/ai-schemas.ts'
import { spokenPart } from '#server/ai/offline/answer/answer-shape.ts'
import type { EvaluationPart, GradedQuestion } from './answer-evaluation.ts'
import { withAddedEntryGrades } from './added-entry-grades.ts'
import eighthFreshTestSetData from './eighth-fresh-test-set.json' with { type: 'json' }
import eleventhFreshTestSetData from './eleventh-fresh-test-set.json' with { type: 'json' }
import fifteenthFreshTestSetData from './fifteenth-fresh-test-set.json' with { type: 'json' }
import fifthFreshTestSetData from './fifth-fresh-test-set.json' with { type: 'json' }
import fourteenthFreshTestSetData from './fourteenth-fresh-test-set.json' with { type: 'json' }
import fourthFreshTestSetData from './fourth-fresh-test-set.json' with { type: 'json' }
import freshTestSetData from './fresh-test-set.json' with { type: 'json' }
import ninthFreshTestSetData from './ninth-fresh-test-set.json' with { type: 'json' }
import secondFreshTestSetData from './second-fresh-test-set.json' with { type: 'json' }
import seventhFreshTestSetData from './seventh-fresh-test-set.json' with { type: 'json' }
import sixthFreshTestSetData from './sixth-fresh-test-set.json' with { type: 'json' }
import tenthFreshTestSetData from './tenth-fresh-test-set.json' with { type: 'json' }
import testSetData from './test-set.json' with { type: 'json' }
import thirdFreshTestSetData from './third-fresh-test-set.json' with { type: 'json' }
import thirteenthFreshTestSetData from './thirteenth-fresh-test-set.json' with { type: 'json' }
import twelfthFreshTestSetData from './twelfth-fresh-test-set.json' with { type: 'json' }

const kindSchema = z.enum([
  'technical',
  'coding',
  'system-design',
  'behavioural',
  'motivation',
  'hr',
  'candidate-questions',
])

const questionSchema = z.strictObject({
  kind: kindSchema,
  question: z.string().trim().min(3),
  accept: z.array(z.string().min(1)).min(1),
})

const testSetSchema = z.strictObject({
  about: z.string(),
  questions: z.array(questionSchema).min(1),
  withContext: z.strictObject({
    context: interviewContextSchema,
    /** The candidate's current employer, from the résumé. */
    employer: z.string().min(1),
    /** The role applied for, from the job description. */
    targetRole: z.string().min(1),
    questions: z.array(questionSchema).min(1),
  }),
  followUps: z
    .array(
      z.strictObject({
        previous: z.string().trim().min(3),
        question: z.string().trim().min(3),
        isFollowUp: z.boolean(),
        accept: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(1),
})
export type TestSet = z.infer<typeof testSetSchema>
type Kind = z.infer<typeof kindSchema>

/** The first test part (decision 0085), looked at by the designs of 0085, 0102 and 0107. */
export const testSet: TestSet = testSetSchema.parse(testSetData)
/** The fresh test part (decision 0111). */
export const freshTestSet: TestSet = testSetSchema.parse(freshTestSetData)
/** The second fresh test part (decision 0119), written after the fresh part had been measured by two designs. */
export const secondFreshTestSet: TestSet = testSetSchema.parse(secondFreshTestSetData)
/** The third fresh test part (decision 0133), written after the second fresh part had been measured by several designs. */
export const thirdFreshTestSet: TestSet = testSetSchema.parse(thirdFreshTestSetData)
/** The fourth fresh test part, written while the third fresh part was judging engine and knowledge-base changes. */
export const fourthFreshTestSet: TestSet = testSetSchema.parse(fourthFreshTestSetData)
/** The fifth fresh test part (decision 0139), written after the fourth fresh part had been measured by its design. */
export const fifthFreshTestSet: TestSet = testSetSchema.parse(fifthFreshTestSetData)
/** The sixth fresh test part (decision 0141), written while the fifth fresh part was judging engine changes. */
export const sixthFreshTestSet: TestSet = testSetSchema.parse(sixthFreshTestSetData)
/** The seventh fresh test part (decision 0143), written while the sixth fresh part was about to judge engine changes. */
export const seventhFreshTestSet: TestSet = testSetSchema.parse(seventhFreshTestSetData)
/** The eighth fresh test part (decision 0148), written while the seventh fresh part was about to judge engine changes. */
export const eighthFreshTestSet: TestSet = testSetSchema.parse(eighthFreshTestSetData)
/** The ninth fresh test part (decision 0151), written while the eighth fresh part was about to judge engine changes. */
export const ninthFreshTestSet: TestSet = testSetSchema.parse(ninthFreshTestSetData)
/** The tenth fresh test part (decision 0156), written while the ninth fresh part was about to judge engine changes. */
export const tenthFreshTestSet: TestSet = testSetSchema.parse(tenthFreshTestSetData)
/** The eleventh fresh test part (decision 0161), written after the tenth fresh part had judged engine changes. */
export const eleventhFreshTestSet: TestSet = testSetSchema.parse(eleventhFreshTestSetData)
/** The twelfth fresh test part (decision 0164), written while the eleventh fresh part was about to judge engine changes. */
export const twelfthFreshTestSet: TestSet = testSetSchema.parse(twelfthFreshTestSetData)
/** The thirteenth fresh test part (decision 0170), written after the twelfth fresh part had judged engine changes. */
export const thirteenthFreshTestSet: TestSet = testSetSchema.parse(thirteenthFreshTestSetData)
/** The fourteenth fresh test part (decision 0174), written after the thirteenth fresh part had judged engine changes. */
export const fourteenthFreshTestSet: TestSet = testSetSchema.parse(fourteenthFreshTestSetData)
/** The fifteenth fresh test part (decision 0177), written after the fifth to eighth became development data (0176). */
export const fifteenthFreshTestSet: TestSet = testSetSchema.parse(fifteenthFreshTestSetData)

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Answer forms that are wrong whatever entry they came from: a story told in the spoken part (STAR
 * steps, "At <employer>") for an HR question, and the role applied for presented anywhere as the
 * candidate's current role.
 */
function wrongForm(kind: Kind, employer: string | null, targetRole: string | null): GradedQuestion['wrongForm'] {
  const story = new RegExp(`\\*\\*(Situation|Action):\\*\\*${employer ? `|\\bAt ${escape(employer)}\\b` : ''}`)
  const target = targetRole === null ? null : escape(targetRole)
  const confused =
    target === null
      ? null
      : new RegExp(
          `\\b(in your role as|I am an?|as an?) ${target}\\b(?! role)|\\b${target} at ${escape(employer ?? '')}`,
          'i',
        )
  return (answer) => (kind === 'hr' && story.test(spokenPart(answer))) || (confused?.test(answer) ?? false)
}

/** The part as its writer labelled it, before any entry added later was graded against it. */
function asFirstLabelled(name: string, set: TestSet): EvaluationPart {
  const { context, employer, targetRole } = set.withContext
  return {
    name,
    questions: [
      ...set.questions.map(({ kind, question, accept }) => ({
        question,
        accept,
        wrongForm: wrongForm(kind, null, null),
      })),
      ...set.withContext.questions.map(({ kind, question, accept }) => ({
        question,
        accept,
        context,
        wrongForm: wrongForm(kind, employer, targetRole),
      })),
    ],
    followUps: set.followUps,
  }
}

const firstLabelled = {
  test: asFirstLabelled('test, seen before', testSet),
  fresh: asFirstLabelled('fresh test', freshTestSet),
  secondFresh: asFirstLabelled('second fresh test', secondFreshTestSet),
  thirdFresh: asFirstLabelled('third fresh test', thirdFreshTestSet),
  fourthFresh: asFirstLabelled('fourth fresh test', fourthFreshTestSet),
  fifthFresh: asFirstLabelled('fifth fresh test', fifthFreshTestSet),
  sixthFresh: asFirstLabelled('sixth fresh test', sixthFreshTestSet),
  seventhFresh: asFirstLabelled('seventh fresh test', seventhFreshTestSet),
  eighthFresh: asFirstLabelled('eighth fresh test', eighthFreshTestSet),
  ninthFresh: asFirstLabelled('ninth fresh test', ninthFreshTestSet),
  tenthFresh: asFirstLabelled('tenth fresh test', tenthFreshTestSet),
  eleventhFresh: asFirstLabelled('eleventh fresh test', eleventhFreshTestSet),
  twelfthFresh: asFirstLabelled('twelfth fresh test', twelfthFreshTestSet),
  thirteenthFresh: asFirstLabelled('thirteenth fresh test', thirteenthFreshTestSet),
  fourteenthFresh: asFirstLabelled('fourteenth fresh test', fourteenthFreshTestSet),
  fifteenthFresh: asFirstLabelled('fifteenth fresh test', fifteenthFreshTestSet),
}

/** The test parts as first labelled, newest first: the figures the blind grades of added entries are read beside. */
export const testPartsAsFirstLabelled: readonly EvaluationPart[] = [
  firstLabelled.fifteenthFresh,
  firstLabelled.fourteenthFresh,
  firstLabelled.thirteenthFresh,
  firstLabelled.twelfthFresh,
  firstLabelled.eleventhFresh,
  firstLabelled.tenthFresh,
  firstLabelled.ninthFresh,
  firstLabelled.eighthFresh,
  firstLabelled.seventhFresh,
  firstLabelled.sixthFresh,
  firstLabelled.fifthFresh,
  firstLabelled.fourthFresh,
  firstLabelled.thirdFresh,
  firstLabelled.secondFresh,
  firstLabelled.fresh,
  firstLabelled.test,
]

export const testPart: EvaluationPart = withAddedEntryGrades(firstLabelled.test)
export const freshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.fresh)
export const secondFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.secondFresh)
export const thirdFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.thirdFresh)
export const fourthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.fourthFresh)
/** No grade names it yet: it was labelled against the knowledge base with the added entries, so it is measured on its own labels. */
export const fifthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.fifthFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const sixthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.sixthFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const seventhFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.seventhFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const eighthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.eighthFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const ninthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.ninthFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const tenthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.tenthFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const eleventhFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.eleventhFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const twelfthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.twelfthFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const thirteenthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.thirteenthFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const fourteenthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.fourteenthFresh)
/** No grade names it yet: it was labelled against the knowledge base as it then stood, so it is measured on its own labels. */
export const fifteenthFreshTestPart: EvaluationPart = withAddedEntryGrades(firstLabelled.fifteenthFresh)

/** The test parts still only measured (from decision 0176 the ninth to the fifteenth), newest first. */
export const measuredTestParts: readonly EvaluationPart[] = [
  fifteenthFreshTestPart,
  fourteenthFreshTestPart,
  thirteenthFreshTestPart,
  twelfthFreshTestPart,
  eleventhFreshTestPart,
  tenthFreshTestPart,
  ninthFreshTestPart,
]

/** The measured parts read as one, so a target is judged on all their questions at once, not part by part. */
export const measuredPartsTogether: EvaluationPart = {
  name: 'ninth to fifteenth fresh test parts together',
  questions: measuredTestParts.flatMap((part) => part.questions),
  followUps: measuredTestParts.flatMap((part) => part.followUps),
}
