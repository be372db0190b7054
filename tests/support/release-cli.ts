import { execFile } from 'node:child_process'
import path from 'node:path'
import { projectRoot } from '#scripts/build-if-stale.mjs'

export type CliResult = { code: number; stdout: string; stderr: string }

/**
 * Runs `npm run release:publish -- <args>` as an operator would (the script itself, on this Node),
 * against the database and data folder of a server under test.
 */
export function publishReleaseCli(args: string[], env: { DATABASE_URL: string; DATA_DIR: string }): Promise<CliResult> {
  const { TEST: _test, CI: _ci, ...inherited } = process.env
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(projectRoot, 'scripts/publish-release.ts'), ...args],
      { cwd: projectRoot, env: { ...inherited, LOG_LEVEL: 'warn', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}
