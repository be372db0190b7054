import { InngestTestEngine } from '@inngest/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJobFunctions } from '#inngest/functions/job-functions.ts'
import { accountLimits, rateLimitBucket, takeRateLimit } from '#server/accounts/rate-limiter.ts'
import { createInngestClient } from '#server/jobs/inngest-client.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

const dayAndAnHourMs = 25 * 60 * 60_000

describe('the rate-limit prune job', () => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    // Only the runs below may prune, not the in-process poll.
    test.runtime.jobs.stop()
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    // beforeAll may have failed before assigning it.
    await (test as TestRuntime | undefined)?.close()
  })

  const pruneJob = () => {
    const job = test.runtime.jobs.jobs.find((candidate) => candidate.id === 'prune-rate-limits')
    if (!job) throw new Error('the runtime has no prune-rate-limits job')
    return job
  }
  const take = (address: string) => takeRateLimit(test.runtime, accountLimits.signInPerAddress, address)
  const bucketOf = (address: string) => rateLimitBucket(test.runtime, accountLimits.signInPerAddress, address)
  const buckets = async () =>
    (await test.runtime.db.selectFrom('rate_limits').select('bucket').execute()).map((row) => row.bucket)

  it('is one of the runtime background jobs, with an hourly cron fallback', () => {
    expect(pruneJob()).toMatchObject({ cron: '0 * * * *' })
  })

  it('drops windows older than a day and keeps recent ones', async () => {
    await take('203.0.113.1')
    test.clock.advance(dayAndAnHourMs)
    await take('203.0.113.2')
    await pruneJob().run()
    const left = await buckets()
    expect(left).toContain(await bucketOf('203.0.113.2'))
    expect(left).not.toContain(await bucketOf('203.0.113.1'))
  })

  it('runs as an Inngest function from its cron', async () => {
    await take('203.0.113.3')
    test.clock.advance(dayAndAnHourMs)
    await take('203.0.113.4')
    const client = createInngestClient({ mode: 'dev', eventKey: undefined, signingKey: undefined, baseUrl: undefined })
    const [prune] = createJobFunctions(client, [pruneJob()])
    if (!prune) throw new Error('no function was created')
    expect(prune.id()).toBe('prune-rate-limits')
    const run = await new InngestTestEngine({ function: prune }).execute({
      events: [{ name: 'inngest/scheduled.timer', data: {} }],
    })
    expect(run.error).toBeUndefined()
    const left = await buckets()
    expect(left).toContain(await bucketOf('203.0.113.4'))
    expect(left).not.toContain(await bucketOf('203.0.113.3'))
  })
})
