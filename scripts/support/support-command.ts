import type { Runtime } from '#server/runtime.types.ts'

/** One subcommand of `npm run support`: its name, its usage line, and what it does with its arguments. */
export type SupportCommand = {
  name: string
  usage: string
  run: (runtime: Runtime, args: string[], print: (line: string) => void) => Promise<void>
}
