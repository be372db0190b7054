import { readdir } from 'node:fs/promises'
import { sql, type Kysely } from 'kysely'
import type { Database } from '#server/db/schema.ts'
import { residentMegabytes } from '#scripts/load/launch.ts'
import type { Sample } from './mixed-load.ts'

/** One interval of a run: what the processes held at its end and how the requests of the interval went. */
export type Figures = {
  second: number
  requests: number
  non2xx: number
  p50Ms: number
  p99Ms: number
  /** Resident memory of each replica, MB. */
  rssMb: number[]
  /** Open file descriptors of each replica. */
  descriptors: number[]
  /** Events of the log the furthest-behind projection has not read yet. */
  projectionLag: number
}

async function openDescriptors(pid: number): Promise<number> {
  return (await readdir(`/proc/${pid}/fd`)).length
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN
}

/** The largest number of log events any projection still has to read (commit-safe order, as the runner reads). */
async function projectionLag(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ behind: number }>`
    select coalesce(max(behind), 0)::int as behind from (
      select (select count(*) from events
              where (events.transaction_id, events.global_position)
                  > (checkpoint.transaction_id, checkpoint.global_position)) as behind
      from projection_checkpoints checkpoint
    ) lag
  `.execute(db)
  return rows[0]?.behind ?? Number.NaN
}

/**
 * Samples the run every `intervalMs` until `stop()`: the requests that ended in each interval, and
 * the replicas' memory, descriptors and the projections' lag at its end.
 */
export function recordFigures(options: {
  samples: Sample[]
  pids: () => number[]
  db: Kysely<Database>
  intervalMs: number
  onInterval?: (figures: Figures) => void
}) {
  const intervals: Figures[] = []
  const started = Date.now()
  let from = 0
  const take = async () => {
    const ended = options.samples.slice(from)
    from = options.samples.length
    const times = ended.map((sample) => sample.ms).toSorted((a, b) => a - b)
    const pids = options.pids()
    const figures: Figures = {
      second: Math.round((Date.now() - started) / 1000),
      requests: ended.length,
      non2xx: ended.filter((sample) => sample.status < 200 || sample.status >= 300).length,
      p50Ms: Math.round(percentile(times, 0.5)),
      p99Ms: Math.round(percentile(times, 0.99)),
      rssMb: await Promise.all(
        pids.map(async (pid) => Math.round(await residentMegabytes(pid).catch(() => Number.NaN))),
      ),
      descriptors: await Promise.all(pids.map((pid) => openDescriptors(pid).catch(() => Number.NaN))),
      projectionLag: await projectionLag(options.db),
    }
    intervals.push(figures)
    options.onInterval?.(figures)
  }
  let pending = Promise.resolve()
  const timer = setInterval(() => {
    pending = pending.then(take)
  }, options.intervalMs)
  return {
    intervals,
    stop: async () => {
      clearInterval(timer)
      await pending
      return intervals
    },
  }
}

/** One line per interval, the same columns every time, for a person reading the curve. */
export function formatFigures(figures: Figures): string {
  return [
    `t=${figures.second}s`,
    `requests ${figures.requests}`,
    `non-2xx ${figures.non2xx}`,
    `p50 ${figures.p50Ms} ms`,
    `p99 ${figures.p99Ms} ms`,
    `RSS ${figures.rssMb.join('/')} MB`,
    `descriptors ${figures.descriptors.join('/')}`,
    `projection lag ${figures.projectionLag} events`,
  ].join(' | ')
}
