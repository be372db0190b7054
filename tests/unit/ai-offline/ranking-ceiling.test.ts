import { describe, expect, it } from 'vitest'
import { answerQuestion, type OfflineAnswer } from '#server/ai/offline/answer/answer.ts'
import { evaluatePart } from '#server/ai/offline/eval/answer-evaluation.ts'
import { developmentParts } from '#server/ai/offline/eval/development-part.ts'
import { measuredPartsTogether, measuredTestParts } from '#server/ai/offline/eval/test-part.ts'

const template = answerQuestion({ question: 'asdf qwerty' })

/** An answer ranked as given: from the first entry when `answered`, else the structured approach. */
const ranked = (ids: readonly string[], answered: boolean): OfflineAnswer => ({
  ...template,
  source: answered ? 'knowledge-base' : 'framework',
  confidence: answered ? 0.9 : 0.5,
  matches: ids.map((id, i) => ({ id, question: id, score: 1 - i / 10 })),
})

describe('the ranking ceiling of the answer evaluation', () => {
  it('counts where the entry that answers is ranked, whatever the confidence did with it', () => {
    const rankings: Record<string, OfflineAnswer> = {
      'answered from the first entry': ranked(['ds-hash-map', 'ds-queue', 'sql-indexes'], true),
      'first entry right, abstained': ranked(['ds-hash-map', 'ds-queue', 'sql-indexes'], false),
      'right entry second': ranked(['ds-queue', 'sql-indexes', 'ds-hash-map'], false),
      'right entry not returned': ranked(['ds-queue', 'sql-indexes'], false),
      'no entry answers': ranked(['ds-queue'], false),
    }
    const result = evaluatePart(
      {
        name: 'ranked',
        questions: [
          { question: 'answered from the first entry', accept: ['ds-hash-map'] },
          { question: 'first entry right, abstained', accept: ['ds-hash-map'] },
          { question: 'right entry second', accept: ['ds-hash-map'] },
          { question: 'right entry not returned', accept: ['ds-hash-map'] },
          // An id the knowledge base lacks answers nothing: abstaining is right.
          { question: 'no entry answers', accept: ['no-such-entry'] },
        ],
        followUps: [],
      },
      (question) => rankings[question] ?? template,
    )
    expect(result).toMatchObject({ answerable: 4, rightEntryFirst: 2, rightEntryReturned: 3 })
    expect(result.onTopic).toBe(0.4)
    // Answering exactly where the first entry is right, and abstaining on the question nothing answers.
    expect(result.onTopicAtBest).toBe(0.6)
  })

  it('never lies below on topic on the parts themselves', () => {
    const result = evaluatePart(measuredTestParts.at(-1) ?? measuredPartsTogether)
    expect(result.rightEntryFirst).toBeLessThanOrEqual(result.rightEntryReturned)
    expect(result.rightEntryReturned).toBeLessThanOrEqual(result.answerable)
    expect(result.answerable).toBeLessThanOrEqual(result.total)
    expect(result.onTopicAtBest).toBeGreaterThanOrEqual(result.onTopic)
  }, 60_000)
})

describe('the measured parts read together', () => {
  it('hold every question and follow-up of the parts still only measured, and nothing tuned on', () => {
    expect(measuredTestParts.map((part) => part.name)).toEqual([
      'fifteenth fresh test',
      'fourteenth fresh test',
      'thirteenth fresh test',
      'twelfth fresh test',
      'eleventh fresh test',
      'tenth fresh test',
      'ninth fresh test',
    ])
    expect(measuredPartsTogether.questions).toEqual(measuredTestParts.flatMap((part) => part.questions))
    expect(measuredPartsTogether.followUps).toEqual(measuredTestParts.flatMap((part) => part.followUps))
    const tunedOn = new Set(developmentParts.flatMap((part) => part.questions.map((q) => q.question)))
    for (const { question } of measuredPartsTogether.questions) expect(tunedOn.has(question), question).toBe(false)
  })
})
