import { beforeAll, describe, expect, it } from 'vitest'
import type { TestDatabase } from '#tests/support/databases.ts'
import { runFuzzCampaign } from '#tests/support/fuzz/campaign.ts'
import { formatReport } from '#tests/support/fuzz/print-report.ts'
import type { RunningServer } from '#tests/support/server.ts'
import { serveOnFreshPostgres } from '#tests/support/servers-on-postgres.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

// The CI-sized run of `npm run fuzz` (which sends 10,000 by default). A fixed seed, so a failure
// here replays exactly with `npm run fuzz -- --requests 1000 --seed 20261124`.
const requests = Number(process.env.FUZZ_REQUESTS ?? 1_000)
const seed = Number(process.env.FUZZ_SEED ?? 20_261_124)

describe('fuzzing every REST operation and tRPC procedure on PostgreSQL', () => {
  let database: TestDatabase & { url: string }
  let server: RunningServer

  const teardown = suiteTeardown()
  beforeAll(async () => {
    ;({ database, server } = await serveOnFreshPostgres(teardown))
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
      // Every request without a status is of a kind the report names and explains.
      expect(report.noAnswers.unexplained, formatReport(report, seed)).toBeUndefined()
    },
    15 * 60_000,
  )
})
