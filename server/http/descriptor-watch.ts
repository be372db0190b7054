import { readdirSync, readFileSync } from 'node:fs'
import type { Logger } from '#server/logger.ts'

const checkEveryMs = 1_000
const warnEveryMs = 60_000

/** The process's soft limit of open descriptors (`ulimit -n`), where the system tells it (Linux). */
export function openFileLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('Max open files'))
    const soft = Number(line?.split(/\s{2,}/)[1])
    return Number.isFinite(soft) && soft > 0 ? soft : undefined
  } catch {
    return undefined
  }
}

export function openDescriptors(): number | undefined {
  try {
    return readdirSync('/proc/self/fd').length
  } catch {
    return undefined
  }
}

/**
 * Counts the open descriptors when asked (at each new or refused connection), at most once a
 * second: asked again sooner, it counts once more at the end of that second, so a burst is
 * counted after it landed. Warns (at most once a minute) from `warnAt` open descriptors on: at the
 * limit the server can accept nothing, not even a health check, and open no file.
 */
export function createDescriptorWatch(log: Logger, limit: number | undefined, warnAt: number) {
  let checkedAt = -checkEveryMs
  let warnedAt = -warnEveryMs
  let trailing: NodeJS.Timeout | undefined
  const count = () => {
    const now = Date.now()
    checkedAt = now
    const open = openDescriptors()
    if (open === undefined || open < warnAt || now - warnedAt < warnEveryMs) return
    warnedAt = now
    log.warn('open descriptors near the process limit: new connections will soon be refused', { open, limit })
  }
  return function check(): void {
    if (limit === undefined || trailing) return
    const sinceLast = Date.now() - checkedAt
    if (sinceLast >= checkEveryMs) {
      count()
      return
    }
    trailing = setTimeout(() => {
      trailing = undefined
      count()
    }, checkEveryMs - sinceLast).unref()
  }
}
