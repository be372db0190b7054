import type { Measurement } from './drive.ts'

export type Row = Measurement & { name: string; connections: number }

export type Startup = {
  firstOkPostgresMs: number
  firstOkPostgresCpuMs: number
  firstOkNewPgliteFolderMs: number
  firstOkNewPgliteFolderCpuMs: number
  firstOkNewPgliteFolderFromScratchMs: number
  firstOkNewPgliteFolderFromScratchCpuMs: number
  idleRssPostgresMb: number
  rssAfterLoadMb: number
}

/** A tRPC procedure over REST with nothing of the app around it: what the stack itself costs (scripts/load-baseline.ts). */
export const stackFloorName = 'srvx + tRPC REST, one procedure'

/** Which ceiling each app route is held against: the database routes against `SELECT 1`, the rest against bare node:http. */
const ceilingOf = (name: string): string =>
  name === 'GET /api/auth/plans' || name === stackFloorName
    ? 'node:http'
    : name.startsWith('node:http')
      ? name
      : 'node:http + pg SELECT 1'

const number = (value: number, width: number) => Math.round(value).toLocaleString('en-US').padStart(width)
const milliseconds = (value: number) => value.toFixed(1).padStart(7)

export function printReport(rows: readonly Row[], startup: Startup): void {
  const width = Math.max(...rows.map((row) => row.name.length))
  console.log(
    `\n${'route'.padEnd(width)}  conns      req/s   p50 ms   p99 ms  non-2xx  CPU ms/req  ratio (req/s, p99, CPU/req) to its ceiling`,
  )
  for (const row of rows) {
    const ceilingName = ceilingOf(row.name)
    const ceiling = rows.find((other) => other.name === ceilingName && other.connections === row.connections)
    const ratio =
      ceiling && ceilingName !== row.name
        ? `${(row.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)}×, ${(row.p99Ms / Math.max(ceiling.p99Ms, 1)).toFixed(1)}×, ${(row.cpuMsPerRequest / Math.max(ceiling.cpuMsPerRequest, 0.001)).toFixed(1)}× of ${ceilingName}`
        : ''
    console.log(
      `${row.name.padEnd(width)}  ${String(row.connections).padStart(5)}  ${number(row.requestsPerSecond, 9)}  ${milliseconds(row.p50Ms)}  ${milliseconds(row.p99Ms)}  ${String(row.non2xx + row.errors).padStart(7)}  ${row.cpuMsPerRequest.toFixed(3).padStart(10)}  ${ratio}`,
    )
  }
  console.log('\nStart and memory (built server; CPU: the server process up to its first 200)')
  const start = (label: string, wallMs: number, cpuMs: number) =>
    console.log(`  first 200, ${label.padEnd(44)} ${number(wallMs, 6)} ms  (CPU ${number(cpuMs, 6)} ms)`)
  start('PostgreSQL', startup.firstOkPostgresMs, startup.firstOkPostgresCpuMs)
  start(
    'new PGlite data folder (from the template)',
    startup.firstOkNewPgliteFolderMs,
    startup.firstOkNewPgliteFolderCpuMs,
  )
  start(
    'new PGlite data folder (initdb + migrations)',
    startup.firstOkNewPgliteFolderFromScratchMs,
    startup.firstOkNewPgliteFolderFromScratchCpuMs,
  )
  console.log(`  idle RSS on PostgreSQL                                  ${number(startup.idleRssPostgresMb, 6)} MB`)
  console.log(`  RSS after the load                                      ${number(startup.rssAfterLoadMb, 6)} MB`)
}
