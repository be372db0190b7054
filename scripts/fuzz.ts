// `npm run fuzz [-- --requests 10000 --seed 7]`: an OpenAPI- and tRPC-driven fuzzer against the built
// server on a throwaway PostgreSQL database. It prints counts by status and exits 1 on any finding:
// a 5xx, a stack trace or internal path in a body, a body outside the envelope, or an event written
// by a request the server refused.
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildIfStale } from '#scripts/build-if-stale.mjs'
import { createTestDatabase } from '#tests/support/databases.ts'
import { runFuzzCampaign } from '#tests/support/fuzz/campaign.ts'
import { campaignPassed, formatReport } from '#tests/support/fuzz/print-report.ts'
import { startBuiltServer } from '#tests/support/server.ts'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    concurrency: { type: 'string', default: '6' },
  },
})
const requests = Number(values.requests)
const seed = Number(values.seed)

buildIfStale()
const database = await createTestDatabase('postgres')
const server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1' })
const started = Date.now()
try {
  const report = await runFuzzCampaign({
    baseUrl: server.url,
    database: { ...database, url: database.url ?? '' },
    requests,
    seed,
    concurrency: Number(values.concurrency),
    progress: (sent) => process.stderr.write(`\r${sent}/${requests} requests`),
  })
  process.stderr.write('\n')
  console.log(formatReport(report, seed))
  console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const logFile = path.join(tmpdir(), `fuzz-server-${seed}.log`)
  await writeFile(logFile, server.output())
  console.log(`server log: ${logFile}`)
  if (!campaignPassed(report)) {
    console.log(`FAILED — replay with: npm run fuzz -- --requests ${requests} --seed ${seed}`)
    process.exitCode = 1
  }
} finally {
  await server.stop()
  await database.drop()
}
