// `npm run load`: drives the built server with autocannon on a throwaway PostgreSQL database, beside a
// bare node:http server and a node:http + pg Pool(10) `SELECT 1` server measured in the same run,
// and prints the ratios; also the time to the first 200 (PostgreSQL, and a new PGlite data folder)
// and the idle memory. A measurement, not a test: it never fails on a number. Loopback only.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildIfStale, projectRoot } from '#scripts/build-if-stale.mjs'
import { createTestDatabase } from '#tests/support/databases.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'
import { dataOf, restClient } from '#tests/support/rest-client.ts'
import { startBaselines } from './load/baselines.ts'
import { drive, type Target } from './load/drive.ts'
import { loadEnvironment, loadJwtSecret } from './load/environment.ts'
import { launchBuiltServer, residentMegabytes } from './load/launch.ts'
import { printReport, stackFloorName, type Row } from './load/report.ts'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    out: { type: 'string', default: path.join(projectRoot, 'load-report.json') },
  },
})
const seconds = Number(values.seconds)
const levels = [1, 10, 50]
const sessionLevels = [1, 8]
// Each level drives people of its own: a run stops between a start and its end, and that person's
// session stays active, so reusing them in the next level would answer 409 (session_active).
const sessionUsers = sessionLevels.reduce((sum, connections) => sum + connections, 0)
const work = await mkdtemp(path.join(tmpdir(), 'interview-helper-load-'))
const logFile = path.join(work, 'server.log')
const json = { 'content-type': 'application/json' }

const startedAt = Date.now()
buildIfStale()
console.log(`Interview Helper load — Node ${process.version}, ${new Date().toISOString()}, ${seconds} s per run`)
const database = await createTestDatabase('postgres')
const databaseUrl = database.url ?? ''
const baselines = await startBaselines(databaseUrl)
try {
  // A new PGlite data folder: from the build's migrated template, and (the baseline) from initdb and every migration.
  const newPgliteFolder = async (env: Record<string, string>) => {
    const folder = path.join(work, 'pglite')
    const launched = await launchBuiltServer({ DATA_DIR: folder, LOG_LEVEL: 'warn', ...env }, logFile)
    await launched.stop()
    await rm(folder, { recursive: true, force: true })
    return launched
  }
  const pglite = await newPgliteFolder({})
  const pgliteFromScratch = await newPgliteFolder({ PGLITE_TEMPLATE_DIR: path.join(work, 'no-template') })

  // People with a paid plan, onboarded through the sandbox checkout (production mode has no sandbox).
  const onboarding = await launchBuiltServer(
    { DATABASE_URL: databaseUrl, AUTH_JWT_SECRET: loadJwtSecret, TRUST_PROXY: '1', LOG_LEVEL: 'warn', DATA_DIR: work },
    logFile,
  )
  const tokens: string[] = []
  try {
    for (let person = 0; person <= sessionUsers; person += 1)
      tokens.push((await restCustomer(onboarding.url, `10.77.0.${person + 1}`)).accessToken)
  } finally {
    await onboarding.stop()
  }
  const [reader = '', ...sessionTokens] = tokens

  const server = await launchBuiltServer(loadEnvironment(databaseUrl, work), logFile)
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  const idleMegabytes = await residentMegabytes(server.pid)

  const signedIn = { ...json, authorization: `Bearer ${reader}` }
  const targets: Record<string, Target & { pid: number }> = {
    'node:http': { url: baselines.bare, pid: baselines.pid },
    'node:http + pg SELECT 1': { url: baselines.selectOne, pid: baselines.pid },
    [stackFloorName]: { url: baselines.stackFloor, pid: baselines.pid },
    'GET /api/auth/plans': { url: `${server.url}/api/auth/plans`, pid: server.pid },
    'GET /api/interview/usage-limits': {
      url: `${server.url}/api/interview/usage-limits`,
      headers: signedIn,
      pid: server.pid,
    },
    'POST /api/interview/question': {
      pid: server.pid,
      url: `${server.url}/api/interview/question`,
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ question: 'What is the difference between a process and a thread?' }),
    },
  }
  const sessionTarget = (people: readonly string[]): Target => ({
    url: server.url,
    headers: json,
    sequence: [
      { method: 'POST', path: '/api/interview/session/start', body: '{"mode":"text"}' },
      { method: 'POST', path: '/api/interview/session/end', body: '{}' },
    ],
    token: (connection) => people[connection % people.length] ?? '',
  })

  // The question needs the reader's session; it stays active until the end of the run.
  const api = restClient(server.url)
  dataOf(await api('POST', '/interview/session/start', { token: reader, body: { mode: 'text' } }))

  // One warm-up at the highest level, then each level with the baselines run right beside the app.
  for (const target of Object.values(targets)) await drive(target, target.pid, 50, 1)
  const rows: Row[] = []
  for (const connections of levels)
    for (const [name, target] of Object.entries(targets))
      rows.push({ name, connections, ...(await drive(target, target.pid, connections, seconds)) })
  let firstPerson = 0
  for (const connections of sessionLevels) {
    const people = sessionTokens.slice(firstPerson, firstPerson + connections)
    firstPerson += connections
    rows.push({
      name: 'POST session start + end',
      connections,
      ...(await drive(sessionTarget(people), server.pid, connections, seconds)),
    })
  }
  const loadedMegabytes = await residentMegabytes(server.pid)
  await server.stop()

  const startup = {
    firstOkPostgresMs: server.firstOkMs,
    firstOkPostgresCpuMs: server.firstOkCpuMs,
    firstOkNewPgliteFolderMs: pglite.firstOkMs,
    firstOkNewPgliteFolderCpuMs: pglite.firstOkCpuMs,
    firstOkNewPgliteFolderFromScratchMs: pgliteFromScratch.firstOkMs,
    firstOkNewPgliteFolderFromScratchCpuMs: pgliteFromScratch.firstOkCpuMs,
    idleRssPostgresMb: idleMegabytes,
    rssAfterLoadMb: loadedMegabytes,
  }
  printReport(rows, startup)
  const report = {
    node: process.version,
    at: new Date().toISOString(),
    secondsPerRun: seconds,
    rows,
    startup,
    tookSeconds: (Date.now() - startedAt) / 1000,
  }
  await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nwritten to ${values.out}; took ${report.tookSeconds.toFixed(0)} s; server log: ${logFile}`)
} finally {
  await baselines.stop()
  await database.drop()
}
