// Shared by `npm start` and the test global setup: rebuild .output only when a source is newer.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverEntry = path.join(projectRoot, '.output/server/index.mjs')
export const buildInputs = [
  'src',
  'public',
  'content',
  'server',
  'events',
  'migrations',
  'inngest',
  'app.config.ts',
  'app.catalog.ts',
  'vite.config.ts',
  'package-lock.json',
]

/** Newest modification time (ms) under the given path; 0 when it does not exist. */
function newestMtime(target) {
  if (!existsSync(target)) return 0
  const stats = statSync(target)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)))
  }
  return newest
}

/** Why a build is needed, or null when .output is up to date. */
export function staleReason(root = projectRoot) {
  const entry = path.join(root, '.output/server/index.mjs')
  if (!existsSync(entry)) return 'no build yet'
  const built = statSync(entry).mtimeMs
  const changed = buildInputs.find((input) => newestMtime(path.join(root, input)) > built)
  return changed ? `${changed} changed since the last build` : null
}

/**
 * Runs `vite build` when needed. With `quiet`, the build's output is shown only if it fails.
 * Throws when the build fails.
 */
export function buildIfStale({ root = projectRoot, quiet = false } = {}) {
  const reason = staleReason(root)
  if (!reason) return false
  process.stderr.write(`Building the app (${reason})...\n`)
  const vite = path.join(root, 'node_modules/.bin/vite')
  // process.execPath, not the shebang: the build must run on the same Node as this script.
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: root,
    // Vitest sets NODE_ENV=test; inherited, it makes Vite emit React's development JSX runtime.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
    throw new Error(`vite build failed (exit ${result.status ?? result.signal})`)
  }
  writePgliteTemplate({ root, quiet })
  return true
}

/** The second half of a build: the migrated PGlite database a new data folder starts from. */
function writePgliteTemplate({ root, quiet }) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/write-pglite-template.ts')], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
    throw new Error(`writing the PGlite template failed (exit ${result.status ?? result.signal})`)
  }
}
