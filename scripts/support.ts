// `npm run support -- <command> …`: support staff's tools from a shell (one module per command in scripts/support/).
import { loadConfigOrExit } from '#app.config.ts'
import { createRuntime } from '#server/runtime.ts'
import { supportCommands } from './support/commands.ts'
import { runSupportCommand, supportUsage } from './support/run-support-command.ts'

const argv = process.argv.slice(2)
if (!supportCommands.some((command) => command.name === argv[0])) {
  console.error(supportUsage.join('\n'))
  process.exit(2)
}
const runtime = await createRuntime({ config: loadConfigOrExit() })
try {
  process.exitCode = await runSupportCommand(runtime, argv, {
    print: (line) => console.log(line),
    complain: (line) => console.error(line),
  })
} finally {
  await runtime.close()
}
