import { randomUUID } from 'node:crypto'
import type { ListeningStream } from '#server/ai/ai-engine.ts'
import type { ClosableAiEngine } from '#server/ai/offline/offline-engine.ts'
import { startSession } from '#server/interviews/interview-sessions.ts'
import { actingAs } from '#server/request-scope.ts'
import type { Runtime } from '#server/runtime.ts'
import { grantPlan } from './test-runtime.ts'

/**
 * A person with a voice session on the runtime, whose engine's listening counts what it is fed
 * and how often it is cancelled; `listening` runs before each stream is given (a slow start).
 * `setUp: false` for a person whose plan and session the database already holds (another replica's).
 */
export async function listeningPerson(
  runtime: Runtime,
  { userId = randomUUID(), listening = () => Promise.resolve(), setUp = true } = {},
) {
  const fed: number[] = []
  let cancelled = 0
  const ai: ClosableAiEngine = Object.create(runtime.ai) as ClosableAiEngine
  ai.listen = async (): Promise<ListeningStream> => {
    await listening()
    return {
      feed: (samples) => void fed.push(samples.byteLength),
      end: () => Promise.reject(new Error('not ended here')),
      cancel: () => void (cancelled += 1),
    }
  }
  const scope = actingAs({ runtime: { ...runtime, ai }, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)
  if (setUp) {
    await grantPlan(runtime, userId, 'professional')
    await startSession(scope, { mode: 'voice' })
  }
  return { userId, scope, fed, cancelled: () => cancelled }
}
