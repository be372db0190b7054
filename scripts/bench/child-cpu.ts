/**
 * CPU seconds used by this process's finished child processes (the decoders), from Linux's
 * /proc/self/stat; undefined elsewhere. Counted once a child has exited and been waited for.
 */
import { readFileSync } from 'node:fs'

/** Linux reports these fields in clock ticks of 1/100 s on every architecture Node runs on. */
const ticksPerSecond = 100

export function childCpuSeconds(): number | undefined {
  try {
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
    const [childUser, childSystem] = [Number(fields[13]), Number(fields[14])]
    return Number.isFinite(childUser) && Number.isFinite(childSystem)
      ? (childUser + childSystem) / ticksPerSecond
      : undefined
  } catch {
    return undefined
  }
}
