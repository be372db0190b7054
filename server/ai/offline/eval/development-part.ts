/**
 * The development part of the answer evaluation: the trust set (trust-set.json), written from
 * interview categories and then used to tune the engine (its threshold, new entries), and, from
 * decision 0140, the three oldest test parts, from decision 0144 the third fresh one, from
 * decision 0147 the fourth and from decision 0176 the fifth to eighth, measured by so many designs
 * that their figures no longer predicted the next question. Figures on them are optimistic; the test
 * parts still only measured (test-part.ts) are the ones that predict the next question. Nothing of
 * them reaches the search index.
 */
import { z } from 'zod'
import type { EvaluationPart } from './answer-evaluation.ts'
import {
  eighthFreshTestPart,
  fifthFreshTestPart,
  fourthFreshTestPart,
  freshTestPart,
  secondFreshTestPart,
  seventhFreshTestPart,
  sixthFreshTestPart,
  testPart,
  thirdFreshTestPart,
} from './test-part.ts'
import trustSetData from './trust-set.json' with { type: 'json' }

const trustSetSchema = z.strictObject({
  questions: z
    .array(
      z.strictObject({
        category: z.string().min(1),
        question: z.string().trim().min(3),
        /** The knowledge-base entry that answers it, or null when no entry does (the engine should abstain). */
        expected: z.string().min(1).nullable(),
      }),
    )
    .min(1),
  followUps: z
    .array(
      z.strictObject({
        previous: z.string().trim().min(3),
        followUp: z.string().trim().min(3),
        /** The entry the follow-up is about, in the light of the previous question. */
        expected: z.string().min(1),
        /** Whether it needs the previous question to be understood; one naming its own subject does not. */
        isFollowUp: z.boolean(),
      }),
    )
    .min(1),
})
export type TrustSet = z.infer<typeof trustSetSchema>

export const trustSet: TrustSet = trustSetSchema.parse(trustSetData)

export const developmentPart: EvaluationPart = {
  name: 'development',
  questions: trustSet.questions.map(({ question, expected }) => ({
    question,
    accept: expected === null ? [] : [expected],
  })),
  followUps: trustSet.followUps.map(({ previous, followUp, expected, isFollowUp }) => ({
    previous,
    question: followUp,
    isFollowUp,
    accept: [expected],
  })),
}

/**
 * The test parts tuned on from decision 0140 (the three oldest), 0144 (the third fresh part), 0147
 * (the fourth) and 0176 (the fifth to eighth), with the blind grades of added entries joined to their labels. The trust set was written near the
 * entries' own words; these were written from interview categories and paraphrase them, so a
 * confidence fitted on both transfers further.
 */
export const movedTestParts: readonly EvaluationPart[] = [
  testPart,
  freshTestPart,
  secondFreshTestPart,
  thirdFreshTestPart,
  fourthFreshTestPart,
  fifthFreshTestPart,
  sixthFreshTestPart,
  seventhFreshTestPart,
  eighthFreshTestPart,
]

/** Every part the engine is tuned on: the trust set first, then the moved test parts. */
export const developmentParts: readonly EvaluationPart[] = [developmentPart, ...movedTestParts]
