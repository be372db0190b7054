/**
 * The engine loaded on first use (decision 0070): nothing is loaded until a call, one load serves
 * every call, and each method answers, streams and refuses exactly as the engine itself does.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { AnswerStreamEvent } from '#server/ai/ai-schemas.ts'
import { lazyEngine } from '#server/ai/lazy-engine.ts'
import { createOfflineEngine, type ClosableAiEngine } from '#server/ai/offline/offline-engine.ts'
import { OFFLINE_PROVIDER } from '#server/ai/offline/offline-provider.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'

// The index is built on first use: here, outside any test's time limit.
beforeAll(() => {
  knowledgeIndex()
})

const question = 'How does a hash map work?'

/** A lazy offline engine that counts its loads and closes. */
function countedEngine() {
  const counts = { loads: 0, closes: 0 }
  const engine = lazyEngine(OFFLINE_PROVIDER, () => {
    counts.loads += 1
    const real = createOfflineEngine()
    const counted: ClosableAiEngine = {
      ...real,
      close: () => {
        counts.closes += 1
        return real.close()
      },
    }
    return Promise.resolve(counted)
  })
  return { engine, counts }
}

async function collect(stream: AsyncIterable<AnswerStreamEvent>): Promise<AnswerStreamEvent[]> {
  const events: AnswerStreamEvent[] = []
  for await (const event of stream) events.push(event)
  return events
}

const withoutTiming = <T extends { latencyMs: number }>({ latencyMs: _latency, ...rest }: T) => rest

describe('an engine loaded on first use', () => {
  it('names its provider without loading anything', () => {
    const { engine, counts } = countedEngine()
    expect(engine.provider).toBe('offline')
    expect(counts.loads).toBe(0)
  })

  it('loads once for concurrent first calls and answers as the engine itself does', async () => {
    const { engine, counts } = countedEngine()
    const [first, second] = await Promise.all([engine.answer({ question }), engine.answer({ question })])
    expect(counts.loads).toBe(1)
    const direct = await createOfflineEngine().answer({ question })
    expect(withoutTiming(first)).toEqual(withoutTiming(direct))
    expect(withoutTiming(second)).toEqual(withoutTiming(direct))
  })

  it('streams the same deltas and result as the engine itself', async () => {
    const { engine } = countedEngine()
    const lazy = await collect(engine.streamAnswer({ question }))
    const direct = await collect(createOfflineEngine().streamAnswer({ question }))
    expect(lazy.filter((event) => event.type === 'delta')).toEqual(direct.filter((event) => event.type === 'delta'))
    expect(lazy.at(-1)?.type).toBe('done')
  })

  it('forwards every other method', async () => {
    const { engine, counts } = countedEngine()
    const questions = await engine.generateQuestions({ topic: 'databases', count: 2 })
    expect(questions.questions).toHaveLength(2)
    const feedback = await engine.improveCommunication({ response: 'I basically um led the migration to PostgreSQL.' })
    expect(feedback.improvedResponse).not.toBe('')
    const analysis = await engine.analyzeQuestion({ question })
    expect(analysis.provider).toBe('offline')
    expect(counts.loads).toBe(1)
  })

  it('refuses bad input with the same error as the engine itself', async () => {
    const { engine } = countedEngine()
    const lazy = await engine.transcribe({ audio: new Uint8Array(), mimeType: 'audio/wav' }).catch((e: unknown) => e)
    const direct = await createOfflineEngine()
      .transcribe({ audio: new Uint8Array(), mimeType: 'audio/wav' })
      .catch((e: unknown) => e)
    expect(lazy).toEqual(direct)
    expect(lazy).toMatchObject({ code: 'bad_request' })
  })

  it('closes the engine only once it was loaded', async () => {
    const never = countedEngine()
    await never.engine.close()
    expect(never.counts).toEqual({ loads: 0, closes: 0 })

    const used = countedEngine()
    await used.engine.answer({ question })
    await used.engine.close()
    expect(used.counts).toEqual({ loads: 1, closes: 1 })
  })
})
