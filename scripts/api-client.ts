// `npm run client:generate` writes the API document and the typed client's types into
// clients/typescript/; `node scripts/api-client.ts check` (a step of `npm run lint`) fails when they
// no longer match the server's document, and lints the document with Redocly's recommended rules.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openApiDocument } from '#server/rest/openapi-document.ts'

const root = path.resolve(import.meta.dirname, '..')
const clientFolder = path.join(root, 'clients/typescript')
const tool = (name: string) => path.join(root, 'tools/lint/node_modules/.bin', name)
const generatedFiles = ['openapi.json', 'schema.d.ts'] as const

/**
 * Writes the document and the types generated from it into `folder`: the document a development
 * server serves, with the development mailbox the examples confirm their accounts through
 * (production leaves that one operation out).
 */
function generateInto(folder: string) {
  const documentPath = path.join(folder, 'openapi.json')
  writeFileSync(documentPath, `${JSON.stringify(openApiDocument({ devMailbox: true }), null, 2)}\n`)
  execFileSync(
    process.execPath,
    [path.join(root, 'scripts/openapi-types.mjs'), documentPath, path.join(folder, 'schema.d.ts')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  // Formatted as if it were the committed file, so the project's Prettier settings apply wherever it is written.
  const typesPath = path.join(folder, 'schema.d.ts')
  const formatted = execFileSync(tool('prettier'), ['--stdin-filepath', path.join(clientFolder, 'schema.d.ts')], {
    cwd: root,
    input: readFileSync(typesPath),
  })
  writeFileSync(typesPath, formatted)
}

function check(): boolean {
  const scratch = mkdtempSync(path.join(tmpdir(), 'interview-helper-api-'))
  try {
    generateInto(scratch)
    const stale = generatedFiles.filter(
      (name) => readFileSync(path.join(scratch, name), 'utf8') !== readFileSync(path.join(clientFolder, name), 'utf8'),
    )
    if (stale.length > 0)
      console.error(
        `clients/typescript/${stale.join(', ')} no longer match the server's API document: run npm run client:generate`,
      )
    // The committed copy, now known to equal the server's: .redocly.lint-ignore.yaml names it.
    const lint = spawnSync(
      tool('redocly'),
      ['lint', 'clients/typescript/openapi.json', '--config', 'redocly.yaml', '--format', 'stylish'],
      { cwd: root, stdio: 'inherit' },
    )
    return stale.length === 0 && lint.status === 0
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

const command = process.argv[2]
if (command === 'generate') generateInto(clientFolder)
else if (command === 'check') process.exitCode = check() ? 0 : 1
else {
  console.error('usage: node scripts/api-client.ts generate|check')
  process.exitCode = 2
}
