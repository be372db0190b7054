import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixedClock } from '#events/clock.ts'
import { interviewStreamId } from '#events/interviews/interview-session.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import { interviewHistoryProjection } from '#events/projections/interview-history-view.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import { userStreamId } from '#events/users/user.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'
import { expectRebuildsToMatch, rebuildEventByEvent, seededRandom } from '#tests/support/projection-equality.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { appendEvents } from '#tests/support/append-events.ts'

const batched = [interviewHistoryProjection]

describe.each(databaseKinds)('set-based interview history on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const clock = fixedClock('2026-11-25T10:00:00Z')
  const teardown = suiteTeardown()

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    store = createEventStore({ db: database.db, registry: eventRegistry, clock })
  })

  /** Sessions started, asked in (text, audio, screenshot), ended, some twice, and the person erased half-way. */
  async function interviewWorkload(seed: number) {
    const random = seededRandom(seed)
    const userId = randomUUID()
    const metadata = { actor: { type: 'user' as const, id: userId }, userId }
    const key = await database.db.transaction().execute((trx) => ensureKeyFor(trx, userId))
    const sealed = (text: string) => seal(key, userId, text)
    const ai = { provider: 'offline', model: 'test', latencyMs: 12.5 }
    const sessions = Array.from({ length: 8 }, () => ({ sessionId: randomUUID(), version: 0 }))
    for (let step = 0; step < 60; step += 1) {
      const session = sessions[Math.floor(random() * sessions.length)]
      if (!session) continue
      const { sessionId } = session
      const questionId = randomUUID()
      const pick = random()
      clock.advance(30_000)
      if (step === 30) {
        await appendEvents(
          store,
          userStreamId(userId),
          'any',
          [{ type: 'UserErased', data: { requestedBy: 'user' } }],
          metadata,
        )
        continue
      }
      const asked = {
        type: 'InterviewAsked',
        data: {
          questionId,
          source: 'text',
          question: sealed(`question ${step}`),
          contextUsed: random() < 0.5,
          answer: sealed(`answer ${step}`),
          category: 'technical',
          confidence: null,
          answerSource: null,
          ...ai,
          usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 },
        },
      }
      const events =
        session.version === 0 || pick < 0.08
          ? [
              {
                type: 'InterviewSessionStarted',
                data: { sessionId, userId, mode: random() < 0.5 ? 'voice' : 'text', planType: 'pro', context: null },
              },
            ]
          : pick < 0.4
            ? [asked]
            : pick < 0.55
              ? [
                  {
                    type: 'AudioTranscribed',
                    data: { questionId, transcript: sealed(`heard ${step}`), bytes: 1024, ...ai },
                  },
                  { ...asked, data: { ...asked.data, source: 'audio' } },
                ]
              : pick < 0.7
                ? [
                    {
                      type: 'ScreenshotAnalyzed',
                      data: {
                        questionId,
                        extractedText: sealed(`seen ${step}`),
                        foundQuestion: true,
                        bytes: 2048,
                        ...ai,
                      },
                    },
                  ]
                : pick < 0.8
                  ? [
                      {
                        type: 'InterviewSessionEnded',
                        data: { reason: 'ended', questionsAsked: 1, durationMs: 60_000, counted: random() < 0.5 },
                      },
                    ]
                  : [asked]
      await appendEvents(store, interviewStreamId(sessionId), session.version, events, metadata)
      session.version += events.length
    }
    return userId
  }

  const views = async (userId: string) => ({
    sessions: await database.db
      .selectFrom('interview_sessions_view')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('session_id')
      .execute(),
    questions: await database.db
      .selectFrom('interview_questions_view')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('question_id')
      .execute(),
  })

  it('builds exactly the rows of the event-by-event path, whatever the batch size, per person and caught up live', async () => {
    const live = new ProjectionRunner({ db: database.db, registry: eventRegistry, projections: batched, batchSize: 5 })
    await live.catchUpAll()
    const userId = await interviewWorkload(7)
    await logReadableToItsEnd(database.db)
    await live.catchUpAll()
    const caughtUp = await views(userId)

    await rebuildEventByEvent(database.db, batched)
    const expected = await views(userId)
    expect(new Set(expected.sessions.map((row) => row.status))).toEqual(new Set(['active', 'ended']))
    expect(expected.sessions.some((row) => row.questions_asked > 1)).toBe(true)
    expect(expected.questions.some((row) => row.question === null)).toBe(true)
    expect(expected.questions.some((row) => row.question !== null)).toBe(true)
    expect(caughtUp).toEqual(expected)

    await expectRebuildsToMatch(database.db, batched, userId, () => views(userId), expected)
  })
})
