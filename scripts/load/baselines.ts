import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { z } from 'zod'
import { projectRoot } from '#scripts/build-if-stale.mjs'

const portsSchema = z.object({ bare: z.number().int(), selectOne: z.number().int(), stackFloor: z.number().int() })

/** The ceiling servers and the stack's floor of scripts/load-baseline.ts, in a process of their own like the app. */
export async function startBaselines(databaseUrl: string) {
  const child = spawn(process.execPath, [path.join(projectRoot, 'scripts/load-baseline.ts'), databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string]
  const ports = portsSchema.parse(JSON.parse(line))
  const exited = once(child, 'exit')
  return {
    pid: child.pid ?? 0,
    bare: `http://127.0.0.1:${ports.bare}/`,
    selectOne: `http://127.0.0.1:${ports.selectOne}/`,
    stackFloor: `http://127.0.0.1:${ports.stackFloor}/api/ok`,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}
