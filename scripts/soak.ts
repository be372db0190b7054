// `npm run soak`: the production shape on loopback (deploy/Caddyfile run by Caddy in front of two
// built replicas on a throwaway PostgreSQL database) under moderate mixed load for 10 minutes,
// printing per minute the replicas' resident memory and open descriptors, the projections' lag and
// the latency. A measurement, not a test: it never fails on a number; it says whether the curve
// stayed flat from the second interval to the last. Too long for CI: the fault tests run the same
// code for 20 s.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { buildIfStale } from '#scripts/build-if-stale.mjs'
import { startProxiedReplicas } from '#tests/support/proxied-replicas.ts'
import { databaseMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { formatFigures, recordFigures, type Figures } from './soak/figures.ts'
import { startMixedLoad } from './soak/mixed-load.ts'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    workers: { type: 'string', default: '3' },
    'interval-seconds': { type: 'string', default: '60' },
  },
})
const minutes = Number(values.minutes)
const workers = Number(values.workers)
const intervalMs = Number(values['interval-seconds']) * 1000

buildIfStale()
console.log(
  `Interview Helper soak — Node ${process.version}, ${new Date().toISOString()}: ${minutes} min, ${workers} people at once`,
)
const stack = await startProxiedReplicas({ count: 2, env: { AUTH_JWT_SECRET: randomBytes(32).toString('hex') } })
try {
  const load = startMixedLoad({
    baseUrl: stack.proxy.url,
    workers,
    pauseMs: 50,
    confirmationToken: (email) => mailedToken(databaseMailbox(stack.database), email),
  })
  const figures = recordFigures({
    samples: load.samples,
    pids: () => stack.replicas.map((replica) => replica.pid),
    db: stack.database.db,
    intervalMs,
    onInterval: (interval) => console.log(formatFigures(interval)),
  })
  await new Promise((resolve) => setTimeout(resolve, minutes * 60_000 + intervalMs / 2))
  const intervals = await figures.stop()
  const result = await load.stop()
  console.log(`${result.samples.length} answers for ${result.people} people; failures: ${result.failures.length}`)
  for (const failure of result.failures.slice(0, 20)) console.log(`  ${failure}`)
  printDrift(intervals)
} finally {
  await stack.stop()
}

/** From the second interval (the first includes the warm-up) to the last: how far each figure moved. */
function printDrift(intervals: Figures[]) {
  const [second, last] = [intervals[1], intervals.at(-1)]
  if (!second || !last || second === last) {
    console.log('Too few intervals to compare.')
    return
  }
  const range = (pick: (figures: Figures) => number) => {
    const values = intervals.slice(1).map(pick)
    return `${Math.min(...values)}–${Math.max(...values)}`
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  console.log(`From t=${second.second}s to t=${last.second}s:`)
  console.log(`  RSS (both replicas) ${sum(second.rssMb)} → ${sum(last.rssMb)} MB, range ${range((f) => sum(f.rssMb))}`)
  console.log(
    `  descriptors ${sum(second.descriptors)} → ${sum(last.descriptors)}, range ${range((f) => sum(f.descriptors))}`,
  )
  console.log(`  p99 ${second.p99Ms} → ${last.p99Ms} ms, range ${range((f) => f.p99Ms)}`)
  console.log(`  projection lag range ${range((f) => f.projectionLag)} events`)
}
