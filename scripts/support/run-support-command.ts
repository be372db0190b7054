import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { supportCommands } from './commands.ts'
import { CommandRefused } from './staff-identity.ts'

export type CommandOutput = { print: (line: string) => void; complain: (line: string) => void }

export const supportUsage = [
  'Usage: npm run support -- <command>',
  ...supportCommands.map((known) => `  ${known.usage}`),
]

/**
 * Runs one `npm run support` subcommand on a runtime and answers its exit code: 0 done, 1 refused
 * (nothing was read or recorded), 2 no such command.
 */
export async function runSupportCommand(runtime: Runtime, argv: string[], output: CommandOutput): Promise<number> {
  const [name, ...args] = argv
  const command = supportCommands.find((candidate) => candidate.name === name)
  if (!command) {
    output.complain(supportUsage.join('\n'))
    return 2
  }
  try {
    await command.run(runtime, args, output.print)
    return 0
  } catch (error) {
    // A refusal, or an option parseArgs does not know: say so.
    const refused =
      error instanceof CommandRefused || error instanceof DomainError || (error instanceof TypeError && 'code' in error)
    if (!refused) throw error
    output.complain(error.message)
    return 1
  }
}
