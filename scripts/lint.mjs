// `npm run lint`: Prettier, ESLint, knip, the dependency rules and the API document, one after another, each named in
// its failure. The linters are installed on first use into tools/lint (see its package.json for why).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const tools = path.join(root, 'tools/lint')
const bin = (name) => path.join(tools, 'node_modules/.bin', name)

function ensureInstalled() {
  const lock = readFileSync(path.join(tools, 'package-lock.json'))
  const stamp = path.join(tools, 'node_modules/.installed-lock')
  const hash = createHash('sha256').update(lock).digest('hex')
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return
  // `npm install` with the lock file, not `npm ci`: the registry here lacks some of the platform
  // builds that the linters' optional dependencies list, which `npm ci` takes for a stale lock file.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', tools], { stdio: 'inherit' })
  writeFileSync(stamp, hash)
}

const checks = {
  prettier: [bin('prettier'), '--check', '--log-level', 'warn', '**/*.{ts,tsx,mjs,js,css}'],
  eslint: [bin('eslint'), '--config', 'tools/lint/eslint.config.js', '--max-warnings', '0', '.'],
  knip: [bin('knip'), '--config', 'tools/lint/knip.json'],
  dependencies: [
    bin('depcruise'),
    '--config',
    'tools/lint/dependency-cruiser.cjs',
    'rules',
    'src',
    'server',
    'events',
    'inngest',
    'migrations',
    'scripts',
    'app.config.ts',
    'app.catalog.ts',
  ],
  // The committed client types match the server's API document, which passes Redocly's recommended rules.
  api: [process.execPath, 'scripts/api-client.ts', 'check'],
}

const only = process.argv.slice(2)
ensureInstalled()
const failed = []
for (const [name, [command, ...args]] of Object.entries(checks)) {
  if (only.length > 0 && !only.includes(name)) continue
  console.log(`::: ${name}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) failed.push(name)
}
if (failed.length > 0) {
  console.error(`lint failed: ${failed.join(', ')}`)
  process.exit(1)
}
console.log('lint passed')
