import { loadConfigOrExit } from '#app.config.ts'
import { DataFolderInUse } from '#server/db/data-folder-lock.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { CommandRefused } from './staff.ts'

/** The commands open the embedded database themselves, so they cannot run beside a server on it. */
async function openRuntime(): Promise<Runtime> {
  try {
    return await createRuntime({ config: loadConfigOrExit() })
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error
    throw new CommandRefused(
      `The data folder ${error.dataDir} is in use by the server running as process ${error.holder}: the embedded database belongs to one process. Stop the server, run this command, then start the server again (with DATABASE_URL set, commands run beside the server).`,
      1,
    )
  }
}

/** Runs a command against the configured database, closing the runtime (and its jobs) after it. */
export async function withRuntime(work: (runtime: Runtime) => Promise<number>): Promise<number> {
  const runtime = await openRuntime()
  try {
    return await work(runtime)
  } finally {
    await runtime.close()
  }
}
