// `node scripts/bench/stop-bench.ts [runs]`: how long the built server takes to stop on SIGTERM
// when idle (PGlite in a fresh data folder, a free port), over `runs` starts (default 10): from the
// signal to its "stopped" line (the time the line carries), and from that line to the process's
// exit as its parent sees it. Builds first if the sources changed.
// A benchmark, not a test: it never fails on a number.
import { buildIfStale } from '#scripts/build-if-stale.mjs'
import { startBuiltServer } from '#tests/support/server.ts'

const runs = Number.parseInt(process.argv[2] ?? '') || 10

type StopTimes = { toStopped: number; stoppedToExit: number; toExit: number }

async function stopOnce(): Promise<StopTimes> {
  const server = await startBuiltServer({ LOG_LEVEL: 'info' })
  const signalled = Date.now()
  server.signal('SIGTERM')
  const end = await server.exited
  const exited = Date.now()
  await server.stop()
  if (end.code !== 0) throw new Error(`The server exited with ${end.code ?? end.signal}:\n${server.output()}`)
  const stoppedLine = server
    .output()
    .split('\n')
    .find((line) => line.includes('"message":"stopped"'))
  if (stoppedLine === undefined) throw new Error(`No "stopped" line:\n${server.output()}`)
  const heldOpen = server
    .output()
    .split('\n')
    .find((line) => line.includes('still held open'))
  if (heldOpen !== undefined) console.log(heldOpen)
  const stopped = Date.parse((JSON.parse(stoppedLine) as { time: string }).time)
  return { toStopped: stopped - signalled, stoppedToExit: exited - stopped, toExit: exited - signalled }
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  return `median ${median} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms`
}

buildIfStale({ quiet: true })
const times: StopTimes[] = []
for (let run = 1; run <= runs; run += 1) {
  const measured = await stopOnce()
  times.push(measured)
  console.log(
    `run ${run}: SIGTERM to "stopped" ${measured.toStopped} ms, "stopped" to exit ${measured.stoppedToExit} ms, SIGTERM to exit ${measured.toExit} ms`,
  )
}
console.log(`SIGTERM to "stopped": ${summary(times.map((time) => time.toStopped))}`)
console.log(`"stopped" to exit: ${summary(times.map((time) => time.stoppedToExit))}`)
console.log(`SIGTERM to exit: ${summary(times.map((time) => time.toExit))}`)
