import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixedClock } from '#events/clock.ts'
import { interviewStreamId } from '#events/interviews/interview-session.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import { interviewReviewProjection } from '#events/projections/interview-review-view.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import { userStreamId } from '#events/users/user.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'
import { expectRebuildsToMatch, rebuildEventByEvent, seededRandom } from '#tests/support/projection-equality.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { appendEvents } from '#tests/support/append-events.ts'

const projections = [interviewReviewProjection]
const categories = ['technical', 'system-design', 'behavioural', 'hr-salary', 'other', null] as const
const sources = ['text', 'audio', 'screenshot', 'generated'] as const
const answerSources = ['knowledge-base', 'framework', 'model', null] as const

describe.each(databaseKinds)('interview review view on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const clock = fixedClock('2026-11-25T10:00:00Z')
  const teardown = suiteTeardown()

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    store = createEventStore({ db: database.db, registry: eventRegistry, clock })
  })

  async function personWith(userId: string) {
    const key = await database.db.transaction().execute((trx) => ensureKeyFor(trx, userId))
    return {
      metadata: { actor: { type: 'user' as const, id: userId }, userId },
      sealed: (text: string) => seal(key, userId, text),
    }
  }

  const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T

  /** Sessions started, asked in every mode, rated (some twice), ended; `erase` erases the person at the end. */
  async function reviewWorkload(seed: number, erase: boolean) {
    const random = seededRandom(seed)
    const userId = randomUUID()
    const { metadata, sealed } = await personWith(userId)
    const ai = { provider: 'offline', model: 'test', latencyMs: 12.5 }
    const sessions = Array.from({ length: 6 }, () => ({ sessionId: randomUUID(), version: 0, asked: [] as string[] }))
    for (let step = 0; step < 80; step += 1) {
      const session = pick(random, sessions)
      clock.advance(30_000)
      const roll = random()
      const questionId = randomUUID()
      const events =
        session.version === 0
          ? [
              {
                type: 'InterviewSessionStarted',
                data: { sessionId: session.sessionId, userId, mode: 'text', planType: 'pro', context: null },
              },
            ]
          : roll < 0.55
            ? [
                {
                  type: 'InterviewAsked',
                  data: {
                    questionId,
                    source: pick(random, sources),
                    question: sealed(`question ${step}`),
                    contextUsed: false,
                    answer: sealed(`answer ${step}`),
                    category: pick(random, categories),
                    confidence: random() < 0.3 ? null : Math.round(random() * 100) / 100,
                    answerSource: pick(random, answerSources),
                    ...ai,
                    usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 },
                  },
                },
              ]
            : roll < 0.85 && session.asked.length > 0
              ? [
                  {
                    type: 'AnswerRated',
                    data: {
                      questionId: pick(random, session.asked),
                      rating: 1 + Math.floor(random() * 5),
                      note: random() < 0.5 ? null : sealed(`note ${step}`),
                    },
                  },
                ]
              : [
                  {
                    type: 'InterviewSessionEnded',
                    data: { reason: 'ended', questionsAsked: session.asked.length, durationMs: 60_000, counted: true },
                  },
                ]
      if (events[0]?.type === 'InterviewAsked') session.asked.push(questionId)
      await appendEvents(store, interviewStreamId(session.sessionId), session.version, events, metadata)
      session.version += events.length
    }
    if (erase)
      await appendEvents(
        store,
        userStreamId(userId),
        'any',
        [{ type: 'UserErased', data: { requestedBy: 'user' } }],
        metadata,
      )
    return userId
  }

  const views = async (userId: string) => ({
    sessions: await database.db
      .selectFrom('interview_review_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('session_id')
      .execute(),
    questions: await database.db
      .selectFrom('interview_review_questions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('question_id')
      .execute(),
  })

  it('caught up live holds exactly what a rebuild from the log holds, whatever the batch, per person too', async () => {
    const live = new ProjectionRunner({ db: database.db, registry: eventRegistry, projections, batchSize: 5 })
    await live.catchUpAll()
    const userId = await reviewWorkload(11, false)
    await logReadableToItsEnd(database.db)
    await live.catchUpAll()
    const caughtUp = await views(userId)

    await rebuildEventByEvent(database.db, projections)
    const expected = await views(userId)
    expect(new Set(expected.sessions.map((row) => row.status))).toEqual(new Set(['active', 'ended']))
    expect(expected.questions.some((row) => row.rating !== null)).toBe(true)
    expect(new Set(expected.questions.map((row) => row.mode))).toEqual(
      new Set(['text', 'voice', 'screenshot', 'generated']),
    )
    expect(caughtUp).toEqual(expected)
    await expectRebuildsToMatch(database.db, projections, userId, () => views(userId), expected)
  })

  it('keeps the questions in order with the last rating, and none of their words', async () => {
    const userId = randomUUID()
    const { metadata, sealed } = await personWith(userId)
    const sessionId = randomUUID()
    const asked = (questionId: string, text: string) => ({
      type: 'InterviewAsked',
      data: {
        questionId,
        source: 'audio',
        question: sealed(text),
        contextUsed: false,
        answer: sealed(`answer to ${text}`),
        category: null,
        confidence: 0.42,
        answerSource: 'framework',
        provider: 'offline',
        model: 'test',
        latencyMs: 812.4,
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      },
    })
    await appendEvents(
      store,
      interviewStreamId(sessionId),
      'no_stream',
      [
        { type: 'InterviewSessionStarted', data: { sessionId, userId, mode: 'voice', planType: 'pro', context: null } },
        asked('q-b', 'first'),
        asked('q-a', 'second'),
        { type: 'AnswerRated', data: { questionId: 'q-b', rating: 2, note: sealed('too vague') } },
        { type: 'AnswerRated', data: { questionId: 'q-b', rating: 5, note: null } },
        {
          type: 'InterviewSessionEnded',
          data: { reason: 'ended', questionsAsked: 2, durationMs: 90_000, counted: true },
        },
      ],
      metadata,
    )
    await logReadableToItsEnd(database.db)
    await new ProjectionRunner({ db: database.db, registry: eventRegistry, projections }).catchUpAll()
    const { sessions, questions } = await views(userId)
    expect(sessions).toMatchObject([{ status: 'ended', duration_ms: 90_000, question_count: 2, mode: 'voice' }])
    const ordered = questions.toSorted((a, b) => a.position - b.position)
    expect(ordered.map((row) => [row.question_id, row.mode, row.category, row.latency_ms, row.rating])).toEqual([
      ['q-b', 'voice', 'other', 812, 5],
      ['q-a', 'voice', 'other', 812, null],
    ])
    expect(ordered[0]?.rating_note_sealed).toBeNull()
    // The words are the history view's to keep (and to clear on erasure): the review holds none of them.
    expect(JSON.stringify(ordered)).not.toMatch(/first|second|answer to/)
  })

  it('forgets an erased person’s reviews, live and in a rebuild', async () => {
    const userId = await reviewWorkload(23, true)
    await logReadableToItsEnd(database.db)
    await new ProjectionRunner({ db: database.db, registry: eventRegistry, projections }).catchUpAll()
    expect(await views(userId)).toEqual({ sessions: [], questions: [] })
    await rebuildEventByEvent(database.db, projections)
    expect(await views(userId)).toEqual({ sessions: [], questions: [] })
  })
})
