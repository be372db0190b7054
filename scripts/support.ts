// `npm run support -- <command> …`: support's console for staff with shell access. Each command is
// a module of scripts/support/ exporting `run(args)`, which answers the exit code.
import { DomainError } from '#events/domain-error.ts'
import { CommandRefused } from './support/staff.ts'

type Command = { module: () => Promise<{ run: (args: readonly string[]) => Promise<number> }>; usage: string }

/** command → module. */
const commands: Record<string, Command> = {
  timeline: {
    module: () => import('./support/timeline.ts'),
    usage:
      'timeline <email|id> --as staff@example.com [--type T]… [--stream S]… [--correlation ID] [--from ISO] [--to ISO] [--limit N] [--json]',
  },
  replay: {
    module: () => import('./support/replay.ts'),
    usage: 'replay <view> | --user <email|id> [--dry-run] --as staff@example.com',
  },
  deliveries: {
    module: () => import('./support/deliveries.ts'),
    usage: 'deliveries [--failed|--pending] [--retry <razorpay event id>] --as staff@example.com',
  },
  refunds: {
    module: () => import('./support/refunds.ts'),
    usage: 'refunds [--limit N] [--json] | --refund <order id> <payment id> --as staff@example.com',
  },
  grant: {
    module: async () => {
      const grant = await import('./support/grant.ts')
      return { run: (args) => grant.run(args, 'support') }
    },
    usage: 'grant <email>',
  },
  revoke: {
    module: async () => {
      const grant = await import('./support/grant.ts')
      return { run: (args) => grant.run(args, 'user') }
    },
    usage: 'revoke <email>',
  },
}

/** What node:util's parseArgs throws for an unknown option or a missing value. */
function isArgumentError(error: unknown): error is Error {
  return error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')
}

const usage = `Usage: npm run support -- <command>\n${Object.values(commands)
  .map((command) => `  ${command.usage}`)
  .join('\n')}`

const [name, ...args] = process.argv.slice(2)
const command = name ? commands[name] : undefined
if (!command) {
  console.error(usage)
  process.exit(2)
}
try {
  process.exitCode = await (await command.module()).run(args)
} catch (error) {
  if (error instanceof CommandRefused) {
    // Exit code 2 is a wrong command line: the usage helps then, not with a refusal of another kind.
    console.error(error.exitCode === 2 ? `${error.message}\nUsage: npm run support -- ${command.usage}` : error.message)
    process.exitCode = error.exitCode
  } else if (error instanceof DomainError) {
    console.error(error.message)
    process.exitCode = 1
  } else if (isArgumentError(error)) {
    console.error(`${error.message}\nUsage: npm run support -- ${command.usage}`)
    process.exitCode = 2
  } else throw error
}
