/**
 * A spoken question is read against the session's earlier questions only when its transcript is
 * sure: a misheard question resolved against history would get the previous answer again, with
 * full confidence. The transcriber is replaced so the transcript and its confidence are known.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ClosableAiEngine } from '#server/ai/offline/offline-engine.ts'
import { askAudioQuestion, askQuestion } from '#server/interviews/ask.ts'
import { startSession } from '#server/interviews/interview-sessions.ts'
import { actingAs } from '#server/request-scope.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('a spoken follow-up and the transcript confidence', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
  })

  /** The runtime with a transcriber that hears `text` with `confidence`. */
  function hearing(text: string, confidence: number) {
    const ai: ClosableAiEngine = Object.create(test.runtime.ai) as ClosableAiEngine
    ai.transcribe = () => Promise.resolve({ text, confidence, provider: 'offline', model: 'test', latencyMs: 1 })
    return { ...test.runtime, ai }
  }

  it.each([
    [0.9, true],
    [0.5, false],
  ])('with a transcript confidence of %d, "what is its complexity?" follows up: %s', async (confidence, follows) => {
    const userId = randomUUID()
    const typed = actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)
    await grantPlan(test.runtime, userId, 'professional')
    await startSession(typed, { mode: 'voice' })
    await askQuestion(typed, { question: 'How does binary search work?' })
    const spoken = actingAs(
      { runtime: hearing('what is its complexity', confidence), requestId: randomUUID(), clientIp: '127.0.0.1' },
      userId,
    )
    const result = await askAudioQuestion(spoken, { audio: new Uint8Array([1, 2, 3]), mimeType: 'audio/wav' })
    expect(result.needsConfirmation).toBe(false)
    if (!('response' in result)) throw new Error('expected an answer')
    expect(result.response.includes('Following up on: How does binary search work?')).toBe(follows)
  })
})
