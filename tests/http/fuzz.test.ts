import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { runFuzzCampaign } from '#tests/support/fuzz/campaign.ts'
import { formatReport } from '#tests/support/fuzz/print-report.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'

// The CI-sized run of `npm run fuzz` (which sends 10,000 by default). A fixed seed, so a failure
// here replays exactly with `npm run fuzz -- --requests 1000 --seed 20261124`.
const requests = Number(process.env.FUZZ_REQUESTS ?? 1_000)
const seed = Number(process.env.FUZZ_SEED ?? 20_261_124)

describe('fuzzing every REST operation and tRPC procedure on PostgreSQL', () => {
  let database: TestDatabase & { url: string }
  let server: RunningServer

  beforeAll(async () => {
    const created = await createTestDatabase('postgres')
    database = { ...created, url: created.url ?? '' }
    server = await startBuiltServer({ DATABASE_URL: database.url, TRUST_PROXY: '1' })
  })

  afterAll(async () => {
    await server.stop()
    await database.drop()
  })

  it(
    `${requests} hostile and valid requests: no 5xx, no leak, every body in its envelope, nothing written by a refusal`,
    async () => {
      const report = await runFuzzCampaign({ baseUrl: server.url, database, requests, seed })
      expect(report.sent).toBe(requests)
      // Refusals are most of a fuzz run; a run that got none would not have tested anything.
      expect(Object.keys(report.byStatus).filter((status) => status.startsWith('4')).length).toBeGreaterThan(3)
      expect(report.findings, formatReport(report, seed)).toEqual([])
      expect(report.eventsFromRefusals, formatReport(report, seed)).toEqual([])
    },
    15 * 60_000,
  )
})
