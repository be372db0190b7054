import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { serverEntry } from '#scripts/build-if-stale.mjs'

export type StartModules = {
  /** Every file of the build the server evaluates before it listens, with its size in bytes. */
  files: { file: string; bytes: number }[]
  /** The npm packages those files hold or import: from nitro's `_libs/<packages>.mjs` names and bare imports. */
  packages: Set<string>
  /** Whether any of those files holds `text`. */
  contains: (text: string) => boolean
}

/** `import … from "x"`, `export … from "x"` and `import "x"` at the start of a line, as nitro writes its chunks; `import("x")` loads on demand and is left out. */
const staticImport = /^(?:import|export)\b[^;"]*?(?:from\s*)?"([^"]+)"/gm

/**
 * What the built server loads at start: the static import closure of `.output/server/index.mjs`.
 * Modules reached only through `import()` are loaded on first use and are not counted.
 */
export async function serverStartModules(entry = serverEntry): Promise<StartModules> {
  const root = path.dirname(entry)
  const files = new Map<string, string>()
  const packages = new Set<string>()
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.pop() ?? ''
    if (files.has(file)) continue
    const source = await readFile(file, 'utf8')
    files.set(file, source)
    for (const libs of packagesOfChunk(path.relative(root, file))) packages.add(libs)
    for (const match of source.matchAll(staticImport)) {
      const specifier = match[1] ?? ''
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier))
      else if (!specifier.startsWith('node:')) packages.add(packageOf(specifier))
    }
  }
  return {
    files: [...files].map(([file, source]) => ({ file: path.relative(root, file), bytes: Buffer.byteLength(source) })),
    packages,
    contains: (text) => [...files.values()].some((source) => source.includes(text)),
  }
}

/** nitro names a chunk of libraries `_libs/a+scope__b.mjs`, or `_libs/@scope/a+[...].mjs` when the list is long. */
function packagesOfChunk(relative: string): string[] {
  if (!relative.startsWith('_libs/')) return []
  return relative
    .slice('_libs/'.length, -'.mjs'.length)
    .split('+')
    .filter((name) => name !== '[...]')
    .map((name) => (name.includes('__') && !name.startsWith('@') ? `@${name.replace('__', '/')}` : name))
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}
