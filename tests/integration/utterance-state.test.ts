/**
 * Streamed utterances (decision 0130) belong to the runtime that opened them, not to the process:
 * two runtimes in one process (two replicas, or the tests' several runtimes) share neither their
 * open utterances nor their bounds, and a runtime that stops cancels the decoding of those it holds.
 * A person's opens of the minute are counted in the database, so replicas on one database share
 * that limit.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Runtime } from '#server/runtime.ts'
import { cancelUtterance, feedUtterance, openUtterance, utteranceLimits } from '#server/interviews/utterances.ts'
import { listeningPerson } from '#tests/support/listening-person.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, secondReplicaOf, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('the streamed utterances of a runtime', () => {
  let first: TestRuntime
  let second: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    first = await createTestRuntime('pglite')
    teardown.add(() => first.close())
    second = await createTestRuntime('pglite')
    teardown.add(() => second.close())
  })
  const block = new Uint8Array(12_800)

  it('are not known to another runtime, whose bound on open ones counts its own', async () => {
    const userId = randomUUID()
    const here = await listeningPerson(first.runtime, { userId })
    const there = await listeningPerson(second.runtime, { userId })
    const opened = []
    for (let count = 0; count < utteranceLimits.openPerPerson; count += 1)
      opened.push((await openUtterance(here.scope, {})).utteranceId)
    const [mine] = opened
    if (!mine) throw new Error('opened none')
    await expect(feedUtterance(there.scope, mine, 0, block)).rejects.toMatchObject({ code: 'not-found' })
    expect(there.fed).toEqual([])
    const elsewhere = await openUtterance(there.scope, {})
    cancelUtterance(there.scope, elsewhere.utteranceId)
    expect(() => cancelUtterance(there.scope, mine)).toThrow(expect.objectContaining({ code: 'not-found' }))
    for (const id of opened) cancelUtterance(here.scope, id)
  })

  it("count a person's opens of the minute for their runtime's database only", async () => {
    const userId = randomUUID()
    const here = await listeningPerson(first.runtime, { userId })
    const there = await listeningPerson(second.runtime, { userId })
    for (let count = 0; count < utteranceLimits.opensPerMinute; count += 1)
      cancelUtterance(here.scope, (await openUtterance(here.scope, {})).utteranceId)
    await expect(openUtterance(here.scope, {})).rejects.toMatchObject({ code: 'rate-limited' })
    cancelUtterance(there.scope, (await openUtterance(there.scope, {})).utteranceId)
  })

  it('are cancelled when their runtime stops', async () => {
    const stopping = await createTestRuntime('pglite')
    let closed = false
    teardown.add(() => (closed ? undefined : stopping.close()))
    const person = await listeningPerson(stopping.runtime)
    await openUtterance(person.scope, {})
    await openUtterance(person.scope, {})
    closed = true
    await stopping.close()
    expect(person.cancelled()).toBe(2)
  })
})

describe('two replicas on one database', () => {
  let first: TestRuntime
  let second: Runtime
  const teardown = suiteTeardown()
  // Replicas share the secret the limits' keys are hashed with, as they share the tokens' key.
  const env = { AUTH_JWT_SECRET: 'a-secret-both-replicas-are-given-0123456789' }
  beforeAll(async () => {
    first = await createTestRuntime('postgres', env)
    teardown.add(() => first.close())
    const replica = await secondReplicaOf(first, { poolSize: 4, env })
    teardown.add(() => replica.close())
    second = replica.runtime
  })

  it('hold a person to the opens of the minute between them, whichever opened which', async () => {
    const userId = randomUUID()
    const here = await listeningPerson(first.runtime, { userId })
    const there = await listeningPerson(second, { userId, setUp: false })
    for (let count = 0; count < utteranceLimits.opensPerMinute; count += 1) {
      const { scope } = count % 2 === 0 ? here : there
      cancelUtterance(scope, (await openUtterance(scope, {})).utteranceId)
    }
    await expect(openUtterance(here.scope, {})).rejects.toMatchObject({ code: 'rate-limited' })
    await expect(openUtterance(there.scope, {})).rejects.toMatchObject({ code: 'rate-limited' })
    first.clock.advance(60_000)
    cancelUtterance(there.scope, (await openUtterance(there.scope, {})).utteranceId)
  })
})
