import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  abandonedClaimMs,
  claimKey,
  completeKey,
  idempotencyKeyLifetimeMs,
} from '#server/idempotency/idempotency-keys.ts'
import { silentInstanceMs, startLiveInstance } from '#server/idempotency/live-instances.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('kept Idempotency-Key answers on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  const newKey = (instanceId = test.runtime.instanceId) => ({
    userId: randomUUID(),
    key: randomUUID(),
    fingerprint: 'request-a',
    instanceId,
  })
  const answer = { status: 200, contentType: 'application/json', body: '{"success":true,"data":{"answer":"Chaining"}}' }

  it('keeps the answer sealed, replays it, and refuses the key for another request', async () => {
    const id = newKey()
    expect(await claimKey(test.runtime.db, id, test.clock)).toEqual({ kind: 'claimed', takenOver: false })
    expect(await claimKey(test.runtime.db, id, test.clock)).toEqual({ kind: 'running' })
    await completeKey(test.runtime.db, id, answer)

    const row = await test.runtime.db
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('key', '=', id.key)
      .executeTakeFirstOrThrow()
    expect(row.response_body).toMatch(/^pii:v1:/)
    expect(await claimKey(test.runtime.db, id, test.clock)).toEqual({ kind: 'done', answer })
    expect(await claimKey(test.runtime.db, { ...id, fingerprint: 'request-b' }, test.clock)).toEqual({
      kind: 'other-request',
    })
  })

  it('lets a repeat take over a claim its request abandoned, and a key be used anew after 24 hours', async () => {
    const abandoned = newKey()
    await claimKey(test.runtime.db, abandoned, test.clock)
    test.clock.advance(abandonedClaimMs + 1)
    expect(await claimKey(test.runtime.db, abandoned, test.clock)).toEqual({ kind: 'claimed', takenOver: true })

    const old = newKey()
    await claimKey(test.runtime.db, old, test.clock)
    await completeKey(test.runtime.db, old, answer)
    test.clock.advance(idempotencyKeyLifetimeMs + 1)
    expect(await claimKey(test.runtime.db, { ...old, fingerprint: 'request-b' }, test.clock)).toEqual({
      kind: 'claimed',
      takenOver: true,
    })
  })

  it('lets a repeat take over at once a claim whose server stopped', async () => {
    const other = await startLiveInstance(test.runtime.db, test.clock, test.runtime.log)
    const id = newKey(other.id)
    expect(await claimKey(test.runtime.db, id, test.clock)).toEqual({ kind: 'claimed', takenOver: false })
    const repeat = { ...id, instanceId: test.runtime.instanceId }
    expect(await claimKey(test.runtime.db, repeat, test.clock)).toEqual({ kind: 'running' })
    await other.stop()
    expect(await claimKey(test.runtime.db, repeat, test.clock)).toEqual({ kind: 'claimed', takenOver: true })
  })

  it('lets a repeat take over a claim whose server went silent (killed), long before 5 minutes', async () => {
    expect(silentInstanceMs).toBeLessThanOrEqual(abandonedClaimMs / 10)
    const killed = await startLiveInstance(test.runtime.db, test.clock, test.runtime.log)
    const alive = await startLiveInstance(test.runtime.db, test.clock, test.runtime.log)
    teardown.add(() => alive.stop())
    // A server killed with SIGKILL leaves its row and stops beating: here, it simply never beats again.
    killed.halt()
    const ofKilled = newKey(killed.id)
    const ofAlive = newKey(alive.id)
    for (const id of [ofKilled, ofAlive])
      expect(await claimKey(test.runtime.db, id, test.clock)).toEqual({ kind: 'claimed', takenOver: false })
    test.clock.advance(silentInstanceMs + 1)
    await alive.beat()
    const repeat = (id: typeof ofKilled) =>
      claimKey(test.runtime.db, { ...id, instanceId: test.runtime.instanceId }, test.clock)
    expect(await repeat(ofAlive)).toEqual({ kind: 'running' })
    expect(await repeat(ofKilled)).toEqual({ kind: 'claimed', takenOver: true })
  })

  it('drops answers older than 24 hours in its job', async () => {
    const id = newKey()
    await claimKey(test.runtime.db, id, test.clock)
    await completeKey(test.runtime.db, id, answer)
    test.clock.advance(idempotencyKeyLifetimeMs + 1)
    const job = test.runtime.jobs.jobs.find((candidate) => candidate.id === 'prune-idempotency-keys')
    if (!job) throw new Error('the runtime has no prune-idempotency-keys job')
    await job.run()
    const left = await test.runtime.db.selectFrom('idempotency_keys').select('key').where('key', '=', id.key).execute()
    expect(left).toEqual([])
  })
})
