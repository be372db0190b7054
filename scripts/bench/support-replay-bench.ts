import { randomUUID } from 'node:crypto'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import { replayUser } from '#server/support/replay-user.ts'
import type { Runtime } from '#server/runtime.types.ts'
import type { DatabaseKind } from '#tests/support/databases.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { createTestRuntime } from '#tests/support/test-runtime.ts'
import type { Figure } from './event-store-bench.ts'
import { medianTimeMs } from './median-time.ts'
import { databaseKindsFrom, printRoundedFigures } from './print-figures.ts'

/**
 * A registered person with one plan period and `sessions` interviews, each a credit used and a
 * session started, asked once (sealed with their key) and ended: 2 + 4 × sessions events, every
 * per-person view touched. Written in multi-row inserts, past the deciders, as a long history.
 */
async function personWith(runtime: Runtime, sessions: number): Promise<string> {
  const userId = (await registerDirectly({ store: runtime.store }, 'Bench')).metadata.userId ?? ''
  const key = await runtime.db.transaction().execute((trx) => ensureKeyFor(trx, userId))
  const orderId = randomUUID()
  const metadata = JSON.stringify({ actor: { type: 'system' }, userId })
  const start = Date.parse('2026-11-01T10:00:00Z')
  const at = (index: number) => new Date(start + index * 1000).toISOString()
  const row = (streamId: string, position: number, type: string, data: object, index: number) => ({
    stream_id: streamId,
    stream_position: position,
    type,
    schema_version: 1,
    event_id: randomUUID(),
    user_id: userId,
    data: JSON.stringify(data),
    metadata,
    created_at: at(index),
  })
  const subscription = `subscription-${userId}`
  const rows = [
    row(
      subscription,
      1,
      'SubscriptionActivated',
      {
        userId,
        orderId,
        planType: 'pro',
        periodStart: at(0),
        periodEnd: new Date(start + 400 * 86_400_000).toISOString(),
        interviewsIncluded: sessions,
        carriedOver: 0,
        replacedPlan: null,
        periodValue: 99_900,
      },
      0,
    ),
  ]
  for (let session = 0; session < sessions; session += 1) {
    const sessionId = randomUUID()
    const stream = `interview-${sessionId}`
    const index = 1 + session * 4
    const ai = { provider: 'offline', model: 'bench', latencyMs: 12 }
    rows.push(
      row(subscription, session + 2, 'InterviewCreditUsed', { sessionId, orderId }, index),
      row(
        stream,
        1,
        'InterviewSessionStarted',
        { sessionId, userId, mode: 'text', planType: 'pro', context: null },
        index + 1,
      ),
      {
        ...row(
          stream,
          2,
          'InterviewAsked',
          {
            questionId: randomUUID(),
            source: 'text',
            question: seal(key, userId, 'Tell me about yourself'),
            contextUsed: false,
            answer: seal(key, userId, 'I build things.'),
            category: null,
            confidence: null,
            answerSource: null,
            ...ai,
            usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
          },
          index + 2,
        ),
        schema_version: 2,
      },
      row(
        stream,
        3,
        'InterviewSessionEnded',
        { reason: 'ended', questionsAsked: 1, durationMs: 3000, counted: true },
        index + 3,
      ),
    )
  }
  for (let from = 0; from < rows.length; from += 2000)
    await runtime.db
      .insertInto('events')
      .values(rows.slice(from, from + 2000))
      .execute()
  await runtime.projections.catchUpAll()
  return userId
}

/**
 * Support's dry-run replay of one person (the console's "Replay", rolled back), for a person with
 * about 2,000 and 8,000 events: time linear in the events keeps the second near four times the first.
 */
export async function benchSupportReplay(kinds: readonly DatabaseKind[]): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const kind of kinds) {
    const test = await createTestRuntime(kind)
    try {
      const times: number[] = []
      for (const sessions of [500, 2_000]) {
        const person = await personWith(test.runtime, sessions)
        const events = 2 + 4 * sessions
        const ms = await medianTimeMs(() => replayUser(test.runtime, person, { apply: false }), 1)
        times.push(ms)
        const first = times[0] ?? ms
        figures.push({
          name: `${kind}: support dry-run replay of one person, ${events.toLocaleString('en-US')} events`,
          value: ms,
          unit: 'ms',
          ...(times.length > 1 ? { note: `${(ms / first).toFixed(1)}× the 2,002-event person for 4× the events` } : {}),
        })
      }
    } finally {
      await test.close()
    }
  }
  return figures
}

// `node scripts/bench/support-replay-bench.ts [--pglite-only|--postgres-only]`: these figures alone.
if (import.meta.main) printRoundedFigures(await benchSupportReplay(databaseKindsFrom(process.argv.slice(2))))
