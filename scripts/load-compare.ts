// `npm run load:compare -- --against DIR [--rounds 3] [--seconds 5] [--connections 50]`: the REST read
// path of this checkout's built server (B) beside another built checkout's (A, e.g. a copy of main
// with `vite build` run in it), each on a throwaway PostgreSQL database of its own, in interleaved autocannon
// runs with the bare node:http and node:http + pg `SELECT 1` servers in the same rounds: a before and
// after on a shared machine. Prints each run and the mean ratios. Loopback only; never pass/fail.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildIfStale, projectRoot } from '#scripts/build-if-stale.mjs'
import { createTestDatabase } from '#tests/support/databases.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'
import { startBaselines } from './load/baselines.ts'
import { drive, type Measurement, type Target } from './load/drive.ts'
import { launchBuiltServer } from './load/launch.ts'
import { loadEnvironment, loadJwtSecret } from './load/environment.ts'

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
  },
})
if (!values.against) throw new Error('usage: npm run load:compare -- --against <checkout with .output built>')
const against = path.resolve(values.against)
const seconds = Number(values.seconds)
const connections = Number(values.connections)

buildIfStale()
const work = await mkdtemp(path.join(tmpdir(), 'interview-helper-compare-'))
const logFile = path.join(work, 'server.log')
const database = await createTestDatabase('postgres')
// The other checkout may know fewer migrations than this one, so it gets a database of its own,
// migrated by its own server at start.
const databaseAgainst = await createTestDatabase('postgres', { migrate: false })
const baselines = await startBaselines(database.url ?? '')
try {
  const onboard = async (databaseUrl: string, root?: string) => {
    const onboarding = await launchBuiltServer(
      {
        DATABASE_URL: databaseUrl,
        AUTH_JWT_SECRET: loadJwtSecret,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        DATA_DIR: work,
      },
      logFile,
      root,
    )
    const token = await restCustomer(onboarding.url, '10.77.0.1').finally(() => onboarding.stop())
    return { 'content-type': 'application/json', authorization: `Bearer ${token.accessToken}` }
  }
  const signedInBefore = await onboard(databaseAgainst.url ?? '', against)
  const signedInAfter = await onboard(database.url ?? '')
  const before = await launchBuiltServer(loadEnvironment(databaseAgainst.url ?? '', work), logFile, against)
  const after = await launchBuiltServer(loadEnvironment(database.url ?? '', work), logFile)
  const targets: Record<string, Target & { pid: number }> = {
    'node:http': { url: baselines.bare, pid: baselines.pid },
    'node:http + pg SELECT 1': { url: baselines.selectOne, pid: baselines.pid },
    'A plans': { url: `${before.url}/api/auth/plans`, pid: before.pid },
    'B plans': { url: `${after.url}/api/auth/plans`, pid: after.pid },
    'A usage-limits': { url: `${before.url}/api/interview/usage-limits`, headers: signedInBefore, pid: before.pid },
    'B usage-limits': { url: `${after.url}/api/interview/usage-limits`, headers: signedInAfter, pid: after.pid },
  }
  console.log(`A: ${against}\nB: ${projectRoot}\n${connections} connections, ${seconds} s per run`)
  for (const target of Object.values(targets)) await drive(target, target.pid, connections, 1)
  const runs = new Map<string, Measurement[]>()
  for (let round = 1; round <= Number(values.rounds); round += 1)
    for (const [name, target] of Object.entries(targets)) {
      const run = await drive(target, target.pid, connections, seconds)
      runs.set(name, [...(runs.get(name) ?? []), run])
      console.log(`round ${round}  ${name.padEnd(24)} ${describe(run)}`)
    }
  await Promise.all([before.stop(), after.stop()])
  console.log('\nmeans, and ratios to the ceiling measured in the same rounds (req/s, p99, CPU per answer)')
  for (const [name, ceiling] of [
    ['A plans', 'node:http'],
    ['B plans', 'node:http'],
    ['A usage-limits', 'node:http + pg SELECT 1'],
    ['B usage-limits', 'node:http + pg SELECT 1'],
  ] as const) {
    const route = mean(runs.get(name) ?? [])
    const top = mean(runs.get(ceiling) ?? [])
    console.log(
      `${name.padEnd(16)} ${describe(route)}  ${(route.requestsPerSecond / top.requestsPerSecond).toFixed(2)}×, ${(route.p99Ms / Math.max(top.p99Ms, 1)).toFixed(1)}×, ${(route.cpuMsPerRequest / top.cpuMsPerRequest).toFixed(1)}× of ${ceiling} (${describe(top)})`,
    )
  }
} finally {
  await baselines.stop()
  await Promise.all([database.drop(), databaseAgainst.drop()])
  await rm(work, { recursive: true, force: true })
}

function describe(run: Measurement): string {
  const refused = run.non2xx + run.errors
  return `${Math.round(run.requestsPerSecond)} req/s, p99 ${run.p99Ms.toFixed(0)} ms, ${run.cpuMsPerRequest.toFixed(3)} CPU ms/answer${refused ? `, ${refused} not 2xx` : ''}`
}

function mean(runs: readonly Measurement[]): Measurement {
  const average = (pick: (run: Measurement) => number) =>
    runs.reduce((sum, run) => sum + pick(run), 0) / Math.max(runs.length, 1)
  return {
    requestsPerSecond: average((run) => run.requestsPerSecond),
    p50Ms: average((run) => run.p50Ms),
    p99Ms: average((run) => run.p99Ms),
    cpuMsPerRequest: average((run) => run.cpuMsPerRequest),
    non2xx: average((run) => run.non2xx),
    errors: average((run) => run.errors),
  }
}
