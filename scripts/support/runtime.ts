import { loadConfigOrExit } from '#app.config.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'

/** Runs a command against the configured database, closing the runtime (and its jobs) after it. */
export async function withRuntime(work: (runtime: Runtime) => Promise<number>): Promise<number> {
  const runtime = await createRuntime({ config: loadConfigOrExit() })
  try {
    return await work(runtime)
  } finally {
    await runtime.close()
  }
}
