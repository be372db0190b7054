/**
 * CPU seconds used by this process's child processes (the decoders), from Linux's /proc: those
 * that have exited and been waited for (this process's own stat), plus those still running, which
 * the long-lived decoders are (each child's stat), with the children they forked and waited for
 * (one per clip, decision 0115). Undefined where there is no /proc.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Linux reports these fields in clock ticks of 1/100 s on every architecture Node runs on. */
const ticksPerSecond = 100

/** The fields after the command name, which is in parentheses and may contain spaces; index 0 is the state. */
function statFields(pid: string): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')
  } catch {
    return undefined
  }
}

/** Ticks of the children that have exited and been waited for. */
function finishedTicks(): number | undefined {
  const own = statFields('self')
  const ticks = Number(own?.[13]) + Number(own?.[14])
  return Number.isFinite(ticks) ? ticks : undefined
}

function runningTicks(): number {
  const parent = String(process.pid)
  let ticks = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const fields = statFields(pid)
    // Field 1 is the parent's pid; 11 and 12 the process's own user and system time, 13 and 14
    // those of its children that have exited and been waited for.
    if (fields?.[1] === parent) ticks += [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0)
  }
  return ticks
}

export function childCpuSeconds(): number | undefined {
  // A child waited for while its siblings are read would count twice or not at all: read again then.
  for (;;) {
    const before = finishedTicks()
    if (before === undefined) return undefined
    const running = runningTicks()
    if (finishedTicks() === before) return (before + running) / ticksPerSecond
  }
}
