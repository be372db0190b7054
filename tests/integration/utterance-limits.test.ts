/**
 * The bounds of an utterance streamed while it is spoken (decision 0121), on the service with a
 * stand-in listening engine that counts what it is fed: audio may not run ahead of the time since
 * the open, only the last block may be tiny, an utterance lives a bounded time whatever arrives,
 * opens are bounded per minute, and parallel opens cannot pass the bound on open utterances. A
 * refusal feeds nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { cancelUtterance, feedUtterance, openUtterance, utteranceLimits } from '#server/interviews/utterances.ts'
import { listeningPerson } from '#tests/support/listening-person.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('the bounds of a streamed utterance', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
  })

  const person = (listening?: () => Promise<void>) => listeningPerson(test.runtime, { listening })
  const bytes = (seconds: number) => new Uint8Array(Math.round(seconds * 32_000))

  it('refuses audio more than 2 s ahead of the time since the open, with when to send it, feeding nothing', async () => {
    const { scope, fed } = await person()
    const { utteranceId } = await openUtterance(scope, {})
    await feedUtterance(scope, utteranceId, 0, bytes(2))
    const refused = feedUtterance(scope, utteranceId, 1, bytes(0.4))
    await expect(refused).rejects.toMatchObject({ code: 'rate-limited', rateLimit: { resetSeconds: 1 } })
    expect(fed).toEqual([64_000])
    test.clock.advance(400)
    expect(await feedUtterance(scope, utteranceId, 1, bytes(0.4))).toEqual({ received: 2, seconds: 2.4 })
    cancelUtterance(scope, utteranceId)
  })

  it('takes a block shorter than a tenth of a second only as the last one', async () => {
    const { scope, fed } = await person()
    const { utteranceId } = await openUtterance(scope, {})
    await feedUtterance(scope, utteranceId, 0, bytes(0.1))
    await feedUtterance(scope, utteranceId, 1, new Uint8Array(2))
    // A repeat of the short one is still acknowledged; a block after it is refused.
    expect(await feedUtterance(scope, utteranceId, 1, new Uint8Array(2))).toMatchObject({ received: 2 })
    await expect(feedUtterance(scope, utteranceId, 2, bytes(0.1))).rejects.toMatchObject({ code: 'bad-request' })
    expect(fed).toEqual([3_200, 2])
    cancelUtterance(scope, utteranceId)
  })

  it('drops an utterance its lifetime after the open, however often blocks arrive', async () => {
    const { scope, fed, cancelled } = await person()
    const { utteranceId } = await openUtterance(scope, {})
    const steps = Math.ceil(utteranceLimits.lifetimeMs / 20_000)
    for (let sequence = 0; sequence < steps; sequence += 1) {
      await feedUtterance(scope, utteranceId, sequence, bytes(0.1))
      test.clock.advance(20_000)
    }
    await expect(feedUtterance(scope, utteranceId, steps, bytes(0.1))).rejects.toMatchObject({ code: 'not-found' })
    expect(fed).toHaveLength(steps)
    expect(cancelled()).toBe(1)
  })

  it('drops an utterance sent nothing for the idle limit, counted from its last block', async () => {
    const { scope, cancelled } = await person()
    const { utteranceId } = await openUtterance(scope, {})
    test.clock.advance(utteranceLimits.idleMs - 1)
    await feedUtterance(scope, utteranceId, 0, bytes(0.1))
    test.clock.advance(utteranceLimits.idleMs - 1)
    await feedUtterance(scope, utteranceId, 1, bytes(0.1))
    expect(cancelled()).toBe(0)
    test.clock.advance(utteranceLimits.idleMs)
    await expect(feedUtterance(scope, utteranceId, 2, bytes(0.1))).rejects.toMatchObject({ code: 'not-found' })
    expect(cancelled()).toBe(1)
  })

  it('feeds a block sent twice at once (a retry while the first is in flight) once', async () => {
    const { scope, fed } = await person()
    const { utteranceId } = await openUtterance(scope, {})
    const block = bytes(0.4)
    const answers = await Promise.all([
      feedUtterance(scope, utteranceId, 0, block),
      feedUtterance(scope, utteranceId, 0, block),
    ])
    expect(answers).toEqual([
      { received: 1, seconds: 0.4 },
      { received: 1, seconds: 0.4 },
    ])
    expect(fed).toEqual([12_800])
    cancelUtterance(scope, utteranceId)
  })

  it('counts the idle limit from when the open is answered, not from when it began', async () => {
    const slowStart = utteranceLimits.idleMs - 1_000
    const { scope, cancelled } = await person(() => {
      test.clock.advance(slowStart)
      return Promise.resolve()
    })
    const { utteranceId } = await openUtterance(scope, {})
    test.clock.advance(2_000)
    expect(await feedUtterance(scope, utteranceId, 0, bytes(0.1))).toMatchObject({ received: 1 })
    expect(cancelled()).toBe(0)
    cancelUtterance(scope, utteranceId)
  })

  it('bounds the utterances a person opens in a minute', async () => {
    const { scope } = await person()
    for (let count = 0; count < utteranceLimits.opensPerMinute; count += 1)
      cancelUtterance(scope, (await openUtterance(scope, {})).utteranceId)
    await expect(openUtterance(scope, {})).rejects.toMatchObject({ code: 'rate-limited' })
    test.clock.advance(60_000)
    cancelUtterance(scope, (await openUtterance(scope, {})).utteranceId)
  })

  it('counts parallel opens against the bound while the engine is still starting', async () => {
    let start: () => void = () => undefined
    const started = new Promise<void>((resolve) => {
      start = resolve
    })
    // The engine starts once every open has either reached it or been refused.
    let reached = 0
    let refused = 0
    const parallel = 6
    const whenAllArrived = () => {
      if (reached + refused === parallel) start()
    }
    const { scope } = await person(() => {
      reached += 1
      whenAllArrived()
      return started
    })
    const opens = Array.from({ length: parallel }, () =>
      openUtterance(scope, {}).catch((error: unknown) => {
        refused += 1
        whenAllArrived()
        throw error
      }),
    )
    const settled = await Promise.allSettled(opens)
    const opened = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.utteranceId] : []))
    expect(opened).toHaveLength(utteranceLimits.openPerPerson)
    expect(settled.filter((result) => result.status === 'rejected')).toHaveLength(
      parallel - utteranceLimits.openPerPerson,
    )
    for (const id of opened) cancelUtterance(scope, id)
    // A failed open gives its place back.
    cancelUtterance(scope, (await openUtterance(scope, {})).utteranceId)
  })
})
